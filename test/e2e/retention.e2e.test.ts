import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import { call } from '../support/api';
import { allocateCredits } from '../support/aws';
import { interviewAsking } from '../support/interviews';
import { expectAccessible } from './support/accessibility';
import { appUrl, trackErrors, useBrowser } from './support/browser';
import { signedInOwner } from './support/session';

/**
 * The retention policy in the browser (issue 28): the candidate page says when the candidate's data
 * is due for deletion under the company's policy (6 months unless the owner chose otherwise); the
 * owner follows its "Retention policy" link to Company settings' Retention tab, chooses 12 months,
 * and the page's date moves with it.
 */
const browser = useBrowser();
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let positionId: string;
let candidateId: string;
const CANDIDATE = 'Rita Retained';

const deleteAfter = async () =>
  (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body.delete_after as string | null;
const longDate = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date(iso));

beforeAll(async () => {
  owner = await signedInOwner(browser, 'Retention Studio');
  await allocateCredits(owner.companyId, 2);
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Archivist', interview: interviewAsking('Why archives?') },
  });
  positionId = created.body.position_id;
  const invited = await call('inviteCandidate', {
    params: { positionId },
    session: owner.sessionId,
    body: { candidate_name: CANDIDATE, email: null },
  });
  expect(invited.status).toBe(201);
  candidateId = invited.body.candidate_id;
}, 120_000);

describe('the retention policy', () => {
  it('shows the due date on the candidate page and moves it when the owner chooses another policy', async () => {
    const before = await deleteAfter();
    expect(before).not.toBeNull();
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.candidate.to(owner.companyId, positionId, candidateId)));
    await page.getByRole('heading', { name: CANDIDATE, level: 1 }).waitFor();
    await page.getByText(`Due for deletion on ${longDate(before!)}`).waitFor();

    await page.getByRole('button', { name: 'Retention policy' }).click();
    const dialog = page.getByRole('dialog');
    const policy = dialog.getByLabel('Delete candidate data');
    await policy.waitFor();
    expect(await dialog.getByRole('tab', { name: 'Retention' }).getAttribute('aria-selected')).toBe('true');
    expect(await policy.inputValue()).toBe('6');
    await expectAccessible(page, 'company settings: retention');

    await policy.selectOption('12');
    await dialog.getByText(/12 months after the position closes or the candidate was last active/).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Retention policy saved.').waitFor();
    const company = await call('getCompany', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect(company.body.retention_months).toBe(12);

    const after = await deleteAfter();
    expect(new Date(after!).getUTCFullYear() * 12 + new Date(after!).getUTCMonth()).toBe(
      new Date(before!).getUTCFullYear() * 12 + new Date(before!).getUTCMonth() + 6,
    );
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByText(`Due for deletion on ${longDate(after!)}`).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
