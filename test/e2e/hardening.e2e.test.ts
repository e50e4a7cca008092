import { describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { answerQuestion, tokenFromHref, interviewFixture } from '../support/interviews';
import { makeClip } from '../support/media';
import { expectAccessible } from './support/accessibility';
import { trackErrors, appUrl, useBrowser } from './support/browser';
import { paths } from '../../lambdas/contracts/app-paths';
import { signedInOwner } from './support/session';

/** The issue "Hardening", web side: each defect seen in the browser. */
const browser = useBrowser();

const interview = interviewFixture({ questions: ['What would you change first?'], pacing: { thinking_time: 30, answer_time: 120, retakes: 1 } });

const createPosition = async (owner: { companyId: string; sessionId: string }, jobTitle: string) => {
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: jobTitle, interview },
  });
  expect(created.status).toBe(201);
  return created.body.position_id as string;
};

describe('hardening', () => {
  it('shows a tab of more than 50 positions with Load more', async () => {
    const owner = await signedInOwner(browser, 'Many Roles');
    // Created oldest first: the list shows the newest first, 50 a page.
    const titles = Array.from({ length: 53 }, (_, i) => `Role ${String(i + 1).padStart(2, '0')}`);
    for (const title of titles) await createPosition(owner, title);
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.positions.to(owner.companyId)));
    const cards = page.getByRole('link', { name: /^Role \d\d$/ });
    await page.getByRole('link', { name: 'Role 53' }).waitFor();
    expect(await cards.count()).toBe(50);
    expect(await page.getByRole('link', { name: 'Role 03' }).count()).toBe(0);
    await expectAccessible(page, 'positions list (a full page)');

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards.count()).toBe(53);
    await page.getByRole('link', { name: 'Role 01' }).waitFor();
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect((await cards.allTextContents()).join(',')).toBe([...titles].reverse().join(','));
    expect(errors).toEqual([]);
    await owner.context.close();
  });

  it('empties the invite form for "Invite another"', async () => {
    const owner = await signedInOwner(browser, 'Invite Again');
    const positionId = await createPosition(owner, 'Receptionist');
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.position.to(owner.companyId, positionId)));
    await page.getByRole('button', { name: 'Invite candidate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite candidate' });
    await dialog.getByLabel('Full name').fill('Ada Lovelace');
    await dialog.getByLabel('Email', { exact: true }).fill('ada.lovelace@example.com');
    await expectAccessible(page, 'invite dialog');
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await dialog.getByText('The interview invitation is on its way to ada.lovelace@example.com.').waitFor();
    await expectAccessible(page, 'invite dialog, sent');

    await dialog.getByRole('button', { name: 'Invite another' }).click();
    expect(await dialog.getByLabel('Full name').inputValue()).toBe('');
    expect(await dialog.getByLabel('Email', { exact: true }).inputValue()).toBe('');
    expect(await dialog.getByRole('button', { name: 'Send invite' }).isDisabled()).toBe(true);

    // The same after a link: the switch stays off, the name is gone.
    await dialog.getByLabel('Full name').fill('Charles Babbage');
    await dialog.getByText('Send email invite').click();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog.getByLabel('Interview link').waitFor();
    await dialog.getByRole('button', { name: 'Invite another' }).click();
    expect(await dialog.getByLabel('Full name').inputValue()).toBe('');
    expect(await dialog.getByRole('button', { name: 'Create link' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('tab', { name: 'Invited (2)' }).waitFor();
    expect(errors).toEqual([]);
    await owner.context.close();
  });

  it('names the screens that show an error in place of their content, each with its one h1', async () => {
    const owner = await signedInOwner(browser, 'Dead Ends');
    const page = await owner.context.newPage();
    await page.goto(appUrl(paths.position.to(owner.companyId, 'no-such-position')));
    await page.getByText('This position does not exist or you have no access to it.').waitFor();
    await expectAccessible(page, 'an unknown position');
    await page.goto(appUrl(paths.candidate.to(owner.companyId, 'no-such-position', 'no-such-candidate')));
    await page.getByText('This candidate does not exist or you have no access to them.').waitFor();
    await expectAccessible(page, 'an unknown candidate');
    await owner.context.close();

    for (const [path, label] of [
      [paths.interview.to('no-such-interview'), 'an interview link that does not work'],
      [paths.apply.to('no-such-link'), 'an apply link that does not work'],
    ] as const) {
      const visitor = await browser.newPage();
      await visitor.goto(appUrl(path));
      await visitor.getByRole('alert').waitFor();
      await expectAccessible(visitor, label);
      await visitor.close();
    }
  });

  it('shows the new tab counts when coming back to a position after moving a candidate', async () => {
    const owner = await signedInOwner(browser, 'Fresh Counts');
    const positionId = await createPosition(owner, 'Analyst');
    const invited = await call('inviteCandidate', {
      params: { positionId },
      session: owner.sessionId,
      body: { candidate_name: 'Grace Counter', email: null },
    });
    await answerQuestion(tokenFromHref(invited.body.interview_href), 0, (await makeClip(2, 'i would change the reports')).bytes);

    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.position.to(owner.companyId, positionId, { tab: 'responded' })));
    await page.getByRole('tab', { name: 'Responded (1)' }).waitFor();
    await page.getByRole('link', { name: 'Open Grace Counter' }).click();
    await page.getByRole('button', { name: 'Shortlist' }).click();
    await page.getByRole('button', { name: 'Undo' }).waitFor();
    await page.goBack();
    await page.getByRole('tab', { name: 'Shortlisted (1)' }).waitFor();
    await page.getByRole('tab', { name: 'Responded (0)' }).waitFor();
    await page.getByText('Completed the interview').waitFor(); // the responded list follows: empty now
    expect(errors).toEqual([]);
    await owner.context.close();
  });
});
