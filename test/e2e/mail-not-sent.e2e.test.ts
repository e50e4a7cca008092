import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import type { FaultRuleInput } from '../../lib/local/faults/rules';
import { mailArriving } from '../support/accounts';
import { call } from '../support/api';
import { allocateCredits } from '../support/aws';
import { interviewAsking } from '../support/interviews';
import { expectAccessible } from './support/accessibility';
import { appUrl, baseUrl, trackErrors, useBrowser } from './support/browser';
import { signedInOwner } from './support/session';

/**
 * A mail SES did not take is shown as not sent, not as sent (issue 37), in the browser. SES refuses
 * at the stand-in's edge (the local stack's fault mode), so the product meets it as in AWS: the
 * invite dialog says the invitation was not sent and offers the link; the card says "E-mail not
 * sent"; the candidate page's alert gives the mail service's reason, and "Resend" sends it (the
 * alert goes, the focus is on the confirmation). A member invitation not sent says so in the Team
 * tab, with a Resend. Axe checks each state.
 */
const browser = useBrowser();
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let positionId: string;
const NAME = 'Una Unsent';
const EMAIL = `unsent-${randomUUID().slice(0, 8)}@example.com`;
const MEMBER = `unsent-member-${randomUUID().slice(0, 8)}@example.com`;
const INVITATION = 'Unsent Studio invites you to a video interview for Courier';

const rules: string[] = [];
/** SES refuses the next mail to `email` (MessageRejected, as SES answers an address it will not send to). */
const refuseMailTo = async (email: string) => {
  const rule: FaultRuleInput = { service: 'ses', operation: 'SendEmail', fault: 'MessageRejected', status: 400, count: 1, match: email };
  const res = await fetch(`${baseUrl()}/_local/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify([rule]),
  });
  expect(res.status).toBe(201);
  rules.push(...((await res.json()) as { rules: { id: string }[] }).rules.map((r) => r.id));
};

afterEach(async () => {
  await Promise.all(rules.splice(0).map((id) => fetch(`${baseUrl()}/_local/faults?id=${id}`, { method: 'DELETE' })));
});

beforeAll(async () => {
  owner = await signedInOwner(browser, 'Unsent Studio');
  await allocateCredits(owner.companyId, 10);
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Courier', interview: interviewAsking('Why deliveries?') },
  });
  positionId = created.body.position_id;
}, 120_000);

describe('an invitation SES did not take', () => {
  it('says "not sent" in the invite dialog, on the card and on the page, and Resend sends it', async () => {
    await refuseMailTo(EMAIL);
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.position.to(owner.companyId, positionId)));

    // The invite, through the UI: the dialog does not say "on its way"; it says not sent and offers the link.
    await page.getByRole('button', { name: 'Invite candidate' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite candidate' });
    await invite.getByLabel('Full name').fill(NAME);
    await invite.getByLabel('Email', { exact: true }).fill(EMAIL);
    await invite.getByRole('button', { name: 'Send invite' }).click();
    await invite.getByText(`The invitation to ${EMAIL} was not sent`).waitFor();
    await expect(invite.getByText('is on its way').count()).resolves.toBe(0);
    expect(await invite.getByLabel('Interview link').inputValue()).toMatch(/#\/interview\/[A-Za-z0-9_-]+/);
    await expectAccessible(page, 'invite dialog: the invitation not sent');
    await invite.getByRole('button', { name: 'Done' }).click();

    // The card: "E-mail not sent", and the ways on in its menu.
    const card = page.getByRole('article', { name: NAME });
    await card.getByText('E-mail not sent').waitFor();
    await expectAccessible(page, 'position: an invitation not sent on its card');
    await card.getByRole('button', { name: `Actions for ${NAME}` }).click();
    await page.getByRole('menuitem', { name: 'Resend invite' }).waitFor();
    await page.getByRole('menuitem', { name: 'Fix e-mail and resend' }).click();

    // The candidate page: the alert with the mail service's reason, Resend and Fix e-mail and resend.
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    const alert = page.getByRole('region', { name: 'E-mail not sent' });
    await alert.getByText(`The invitation to ${EMAIL} was not sent, so ${NAME} has not received it.`).waitFor();
    await alert.getByText('Not sent: the mail service refused it (MessageRejected', { exact: false }).waitFor();
    await alert.getByRole('button', { name: 'Fix e-mail and resend' }).waitFor();
    await expectAccessible(page, 'candidate page: the invitation not sent');

    // Resend (SES takes it now): sent, confirmed with the focus on it, the alert gone.
    await alert.getByRole('button', { name: 'Resend', exact: true }).click();
    const sent = page.getByRole('status').filter({ hasText: `Invitation sent to ${EMAIL}.` });
    await sent.waitFor();
    await alert.waitFor({ state: 'hidden' });
    await expect.poll(() => sent.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectAccessible(page, 'candidate page: the invitation resent');
    expect(await mailArriving(EMAIL, (m) => m.subject === INVITATION)).toBeDefined();

    // Back on the list: no badge.
    await page.goto(appUrl(paths.position.to(owner.companyId, positionId)));
    await card.waitFor();
    await expect(card.getByText('E-mail not sent').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a member invitation not sent in the Team tab, with a Resend that sends it', async () => {
    await refuseMailTo(MEMBER);
    const member = await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email: MEMBER } });
    expect(member.status).toBe(201);
    expect(member.body.mail?.status).toBe('not_sent');
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.position.to(owner.companyId, positionId)));
    await page.getByRole('button', { name: 'Company settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Company settings' });
    await settings.getByRole('tab', { name: 'Team' }).click();
    const row = settings.getByRole('row', { name: new RegExp(MEMBER) });
    await row.getByText('E-mail not sent').waitFor();
    await row.getByText(/MessageRejected/).waitFor();
    await expectAccessible(page, 'company settings: team, an invitation not sent');

    await row.getByRole('button', { name: `Resend the invitation to ${MEMBER}` }).click();
    await expect.poll(() => row.getByText('E-mail not sent').count()).toBe(0);
    expect(await mailArriving(MEMBER, () => true)).toBeDefined();
    await expectAccessible(page, 'company settings: team, the invitation resent');
    expect(errors).toEqual([]);
    await page.close();
  });
});
