import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FaultRule, FaultRuleInput } from '../../lib/local/faults/rules';
import { call } from '../support/api';
import { faultRules, injectedBy, mailRefusal } from '../support/faults';
import { allocateCredits } from '../support/aws';
import { mailArriving, mailTo, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { interviewFixture } from '../support/interviews';

/**
 * A mail SES does not take is shown as not sent, not as sent (issue 37). SES refuses at the
 * stand-in's edge (the local stack's fault mode, `/_local/faults`), so the product's own SES client
 * meets the error as it would in AWS: `MessageRejected` (what SES answers for an address it will not
 * send to; not retried) or throttling that outlasts the SDK's retries. Every rule is narrowed to this
 * test's own address by `match` and a count, and removed afterwards: the api files share one stack.
 */
type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;
type Mail = { status: string; reason: string | null; at: { time_value: string; relative_time: string } | null } | null;

const faults = faultRules();
const refuse = async (email: string, rule: Partial<FaultRuleInput> = {}): Promise<FaultRule> => (await faults.add(mailRefusal(email, rule)))[0]!;
afterEach(faults.removeAll);

const createPosition = async (owner: Owner) => {
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Dispatcher', interview: interviewFixture({ questions: ['Tell us about yourself'] }) },
  });
  expect(created.status).toBe(201);
  return created.body.position_id as string;
};

const mailOf = async (owner: Owner, candidateId: string): Promise<Mail> =>
  (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body.mail as Mail;

const INVITATION = 'Unsent Co invites you to a video interview for Dispatcher';
const NOT_SENT_REASON = 'Not sent: the mail service refused it (MessageRejected: Email address is not verified.)';

describe('a mail SES did not take (issue 37)', () => {
  let owner: Owner;
  let positionId: string;
  beforeAll(async () => {
    owner = await registerAndSignIn('Unsent Co');
    await allocateCredits(owner.companyId, 20);
    positionId = await createPosition(owner);
  });

  it('is recorded as not sent on the candidate, and Resend sends it and shows it as sent', async () => {
    const email = uniqueEmail('refused');
    const rule = await refuse(email);
    const res = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: 'Nora Unsent', email } });
    // The invite stands (its link can be copied); its mail says what happened.
    expect(res.status).toBe(201);
    expect(await injectedBy(rule)).toBe(1);
    expect(res.body.mail).toMatchObject({ status: 'not_sent', reason: NOT_SENT_REASON });
    expect(res.body.mail?.at?.time_value).toMatch(/^\d{4}-\d\d-\d\dT/);
    const candidateId = res.body.candidate_id as string;
    expect(await mailOf(owner, candidateId)).toMatchObject({ status: 'not_sent', reason: NOT_SENT_REASON });
    const list = await call('listCandidates', { params: { positionId }, query: { tab: 'invited' }, session: owner.sessionId });
    expect(list.body.candidates.find((c: { candidate_id: string }) => c.candidate_id === candidateId)?.mail?.status).toBe('not_sent');
    expect(await mailTo(email)).toEqual([]);

    // Resend: SES takes it this time; `sent` replaces `not_sent`, and SES's delivery event follows.
    const again = await call('reinviteCandidate', { params: { candidateId }, session: owner.sessionId });
    expect(again.status).toBe(200);
    expect(again.body.mail).toEqual({ status: 'sent', reason: null, at: null });
    expect((await mailArriving(email, (m) => m.subject === INVITATION))?.text).toContain(res.body.interview_href);
    await expect.poll(async () => (await mailOf(owner, candidateId))?.status, { timeout: 20_000 }).toBe('delivered');
  });

  it('a resend that fails again shows not sent again; Fix e-mail and resend to another address sends it', async () => {
    const email = uniqueEmail('twice');
    const invited = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: 'Ty Twice', email } });
    expect(invited.status).toBe(201);
    const candidateId = invited.body.candidate_id as string;
    await expect.poll(async () => (await mailOf(owner, candidateId))?.status, { timeout: 20_000 }).toBe('delivered');

    // The resend is refused: the latest invitation did not go out, so `not_sent` replaces `delivered`.
    await refuse(email);
    const resent = await call('reinviteCandidate', { params: { candidateId }, session: owner.sessionId });
    expect(resent.status).toBe(200);
    expect(resent.body.mail).toMatchObject({ status: 'not_sent', reason: NOT_SENT_REASON });
    expect(await mailOf(owner, candidateId)).toMatchObject({ status: 'not_sent' });

    const fixed = uniqueEmail('fixed');
    const res = await call('fixCandidateEmail', { params: { candidateId }, session: owner.sessionId, body: { email: fixed } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: fixed, mail: { status: 'sent', reason: null, at: null } });
    expect(await mailArriving(fixed, (m) => m.subject === INVITATION)).toBeDefined();
  });

  it('throttling that outlasts the SDK retries ends as not sent, after every attempt', async () => {
    const email = uniqueEmail('throttled');
    const rule = await refuse(email, { fault: 'TooManyRequestsException', status: undefined, message: undefined, count: 50 });
    const res = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: 'Rita Rate', email } });
    expect(res.status).toBe(201);
    // The SDK retried (standard mode) before giving up; nothing reached the mailbox.
    expect(await injectedBy(rule)).toBeGreaterThan(1);
    expect(res.body.mail).toMatchObject({ status: 'not_sent' });
    expect(res.body.mail?.reason).toMatch(/^Not sent: the mail service was too busy, and the retries ran out \(TooManyRequestsException/);
    expect(await mailTo(email)).toEqual([]);
  });

  it('a member invitation SES did not take shows as not sent in the team list, and inviting again sends it', async () => {
    const email = uniqueEmail('member');
    await refuse(email);
    const res = await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } });
    expect(res.status).toBe(201);
    expect(res.body.mail).toMatchObject({ status: 'not_sent', reason: NOT_SENT_REASON });
    const invitedMail = async () =>
      (
        (await call('listMembers', { params: { companyId: owner.companyId }, session: owner.sessionId })).body.invited_members as {
          email: string;
          mail: Mail;
        }[]
      ).find((m) => m.email === email)?.mail;
    expect(await invitedMail()).toMatchObject({ status: 'not_sent', reason: NOT_SENT_REASON });
    expect(await mailTo(email)).toEqual([]);

    // Resend (the Team tab invites the address again): one invitation, sent.
    const again = await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } });
    expect(again.status).toBe(201);
    expect(again.body.mail).toEqual({ status: 'sent', reason: null, at: null });
    expect(await mailArriving(email, () => true)).toBeDefined();
    expect(await invitedMail()).toMatchObject({ status: expect.stringMatching(/^(sent|delivered)$/) });
    const members = await call('listMembers', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect((members.body.invited_members as { email: string }[]).filter((m) => m.email === email)).toHaveLength(1);
  });
});
