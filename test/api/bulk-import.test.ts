import { beforeAll, describe, expect, it } from 'vitest';
import { BULK_IMPORT_MAX } from '../../lambdas/contracts/candidate';
import { call, dynamodbCallsOf } from '../support/api';
import { mailTo, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { allocateCredits } from '../support/aws';
import { interviewAsking } from '../support/interviews';
import { savePosition } from '../support/positions';

/**
 * A bulk import's preview (issue 28) asks which of its addresses are already candidates of the
 * position (POST /positions/{positionId}/candidates/existing-emails) before it invites the rest.
 */
const interview = interviewAsking('Tell us about yourself');

type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;

const check = (owner: Pick<Owner, 'sessionId'>, positionId: string, emails: unknown) =>
  call('checkCandidateEmails', { params: { positionId }, session: owner.sessionId, body: { emails } as never });

describe('which addresses of an import are already candidates of the position', () => {
  let owner: Owner;
  let positionId: string;
  let otherPositionId: string;
  const [ada, grace, alan, linkOnly] = [uniqueEmail('ada'), uniqueEmail('grace'), uniqueEmail('alan'), uniqueEmail('link')];

  beforeAll(async () => {
    owner = await registerAndSignIn('Import Co');
    await allocateCredits(owner.companyId, 10);
    const create = async (jobTitle: string) =>
      (await call('createPosition', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { job_title: jobTitle, interview } }))
        .body.position_id as string;
    [positionId, otherPositionId] = [await create('Import clerk'), await create('Another role')];
    const invited = await call('inviteCandidatesBatch', {
      params: { positionId },
      session: owner.sessionId,
      body: {
        new_candidates: [
          { candidate_name: 'Ada Lovelace', email: ada },
          { candidate_name: 'Grace Hopper', email: grace },
          { candidate_name: 'By Link', email: null },
        ],
      },
    });
    expect(invited.status).toBe(201);
    // Alan is a candidate of the other position only.
    expect(
      (
        await call('inviteCandidate', {
          params: { positionId: otherPositionId },
          session: owner.sessionId,
          body: { candidate_name: 'Alan', email: alan },
        })
      ).status,
    ).toBe(201);
  });

  it('answers the addresses the position already has, however they were written, in the order asked', async () => {
    const res = await check(owner, positionId, [` ${grace.toUpperCase()}`, alan, linkOnly, ada, grace]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ existing_emails: [grace, ada] });
    expect((await check(owner, otherPositionId, [ada, grace, alan])).body).toEqual({ existing_emails: [alan] });
  });

  it('reads 1,000 addresses by key: 100 a BatchGetItem, no Query and no write but the session', async () => {
    const emails = [...Array.from({ length: BULK_IMPORT_MAX - 2 }, (_, i) => `nobody-${i}-${grace}`), ada, grace];
    const res = await check(owner, positionId, emails);
    expect(res.body).toEqual({ existing_emails: [ada, grace] });
    const { UpdateItem: slides = 0, ...operations } = (await dynamodbCallsOf(res)).summary.operations;
    expect(slides).toBeLessThanOrEqual(1);
    // The session, the position and the membership; then the addresses.
    expect(operations).toEqual({ GetItem: 3, BatchGetItem: BULK_IMPORT_MAX / 100 });
  });

  it('refuses a list that is empty, too long or holds something that is no address, with a clear message', async () => {
    const refusal = async (emails: unknown) => {
      const res = await check(owner, positionId, emails);
      expect(res.status).toBe(400);
      return res.body.detail.map((problem: { loc: string[]; msg: string }) => [problem.loc.join('.'), problem.msg]);
    };
    const tooMany = Array.from({ length: BULK_IMPORT_MAX + 1 }, (_, i) => `person-${i}@example.com`);
    expect(await refusal(tooMany)).toEqual([['body.emails', 'Check at most 1000 addresses at once.']]);
    expect(await refusal([])).toEqual([['body.emails', 'Add at least one e-mail address.']]);
    expect(await refusal([ada, 'not an address'])).toEqual([['body.emails.1', 'Enter a valid e-mail address.']]);
  });

  it('answers 404 to another company, an unknown position and a member the position is not shared with, and 401 without a session', async () => {
    const stranger = await registerAndSignIn('Stranger Co');
    const foreign = await check(stranger, positionId, [ada]);
    expect(foreign).toMatchObject({ status: 404, body: { detail: 'Position not found.' } });
    expect(foreign.text).not.toContain(ada);
    expect((await check(owner, 'no-such-position', [ada])).status).toBe(404);

    // A member of the company whom the position is not shared with: as inviting to it, a 404.
    const memberEmail = uniqueEmail('member');
    expect(
      (await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email: memberEmail } })).status,
    ).toBe(201);
    const nonce = /#\/invite\/([A-Za-z0-9_-]+)/.exec(
      (await mailTo(memberEmail)).find((m) => m.subject.startsWith("You're invited"))?.text ?? '',
    )?.[1];
    const member = (await call('confirmMemberInvite', { body: { nonce: nonce! } })).body;
    expect((await savePosition(owner.sessionId, positionId, { sharing: { user_ids: [owner.userId] } })).status).toBe(200);
    expect(await check({ sessionId: member.session_id }, positionId, [ada])).toMatchObject({ status: 404, body: { detail: 'Position not found.' } });
    expect((await savePosition(owner.sessionId, positionId, { sharing: { user_ids: [owner.userId, member.user_id] } })).status).toBe(200);
    expect((await check({ sessionId: member.session_id }, positionId, [ada])).body).toEqual({ existing_emails: [ada] });
    expect((await call('checkCandidateEmails', { params: { positionId }, body: { emails: [ada] } })).status).toBe(401);
  });
});
