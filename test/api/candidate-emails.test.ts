import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { backfillCandidateEmails } from '../../scripts/backfill-candidate-emails';
import { call } from '../support/api';
import { registerAndSignIn, uniqueEmail } from '../support/accounts';
import { allocateCredits, localDb, localEnv } from '../support/aws';
import { interviewAsking } from '../support/interviews';

/** An e-mail address is a candidate of a position once: one uniqueness item per position and address. */
const interview = interviewAsking('Tell us about yourself');

type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;

const createPosition = async (owner: Owner) => {
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Night nurse', interview },
  });
  expect(created.status).toBe(201);
  return created.body.position_id as string;
};

const invite = (owner: Owner, positionId: string, candidateName: string, email: string | null) =>
  call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: candidateName, email } });

const inviteBatch = (owner: Owner, positionId: string, emails: string[]) =>
  call('inviteCandidatesBatch', {
    params: { positionId },
    session: owner.sessionId,
    body: { new_candidates: emails.map((email, i) => ({ candidate_name: `Person ${i + 1}`, email })) },
  });

const invitedCount = async (owner: Owner, positionId: string) =>
  (await call('getPosition', { params: { positionId }, session: owner.sessionId })).body.candidates.invited as number;
const creditsSpent = async (owner: Owner) =>
  (await call('getPlanStatus', { params: { companyId: owner.companyId }, session: owner.sessionId })).body.candidate_packs_status.invited as number;

const taken = (email: string) => ({ code: 'already_invited', detail: `${email} is already a candidate for this position.` });

const emailItem = async (positionId: string, email: string) =>
  (await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.candidateEmail(positionId, email), ConsistentRead: true })))
    .Item;

describe('an e-mail address is a candidate of a position once', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await registerAndSignIn('Unique Co');
    await allocateCredits(owner.companyId, 100);
  });

  it('lets exactly one of two concurrent invites of an address through; the other is a 409 that creates and spends nothing', async () => {
    const positionId = await createPosition(owner);
    const email = uniqueEmail('twice');
    const spent = await creditsSpent(owner);
    const both = await Promise.all([invite(owner, positionId, 'First Try', email), invite(owner, positionId, 'Second Try', email)]);
    expect(both.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(both.find((res) => res.status === 409)!.body).toEqual(taken(email));
    const created = both.find((res) => res.status === 201)!.body;

    const list = await call('listCandidates', { params: { positionId }, query: { tab: 'invited' }, session: owner.sessionId });
    expect(list.body.candidates.map((c) => [c.candidate_id, c.email])).toEqual([[created.candidate_id, email]]);
    expect(await invitedCount(owner, positionId)).toBe(1);
    expect(await creditsSpent(owner)).toBe(spent + 1);
    expect((await emailItem(positionId, email))?.candidateId).toBe(created.candidate_id);

    // Later, and written differently: the address is the same one.
    const again = await invite(owner, positionId, 'Third Try', `  ${email.toUpperCase()} `);
    expect(again).toMatchObject({ status: 409, body: taken(email) });
  });

  it('lets the same address be a candidate of another position', async () => {
    const email = uniqueEmail('elsewhere');
    const [first, second] = [await createPosition(owner), await createPosition(owner)];
    expect((await invite(owner, first, 'Ada Lovelace', email)).status).toBe(201);
    expect((await invite(owner, second, 'Ada Lovelace', email)).status).toBe(201);
    expect(await invitedCount(owner, second)).toBe(1);
  });

  it('frees the address when the candidate is deleted', async () => {
    const positionId = await createPosition(owner);
    const email = uniqueEmail('deleted');
    const first = (await invite(owner, positionId, 'Grace Hopper', email)).body;
    const deleted = await call('deleteCandidate', { params: { candidateId: first.candidate_id }, session: owner.sessionId });
    expect(deleted.body).toEqual({ candidate_id: first.candidate_id, current_status: 'deleted' });
    expect(await emailItem(positionId, email)).toBeUndefined();
    const again = await invite(owner, positionId, 'Grace Hopper', email);
    expect(again.status).toBe(201);
    expect(again.body.candidate_id).not.toBe(first.candidate_id);
    expect(await invitedCount(owner, positionId)).toBe(1);
  });

  it('refuses a bulk invite naming an address twice or one the position has, creating nobody', async () => {
    const positionId = await createPosition(owner);
    const [a, b, c] = [uniqueEmail('bulk'), uniqueEmail('bulk'), uniqueEmail('bulk')];
    const spent = await creditsSpent(owner);
    expect(await inviteBatch(owner, positionId, [a, b, a])).toMatchObject({ status: 409, body: taken(a) });
    expect(await invitedCount(owner, positionId)).toBe(0);
    expect(await creditsSpent(owner)).toBe(spent);

    expect((await invite(owner, positionId, 'Already Here', b)).status).toBe(201);
    expect(await inviteBatch(owner, positionId, [c, b])).toMatchObject({ status: 409, body: taken(b) });
    expect(await invitedCount(owner, positionId)).toBe(1);
    expect(await emailItem(positionId, c)).toBeUndefined();
  });

  it('refuses a list longer than one transaction before writing any of it when a late address is taken', async () => {
    const positionId = await createPosition(owner);
    const emails = Array.from({ length: 40 }, () => uniqueEmail('long'));
    expect((await invite(owner, positionId, 'Early Bird', emails[38]!)).status).toBe(201);
    const spent = await creditsSpent(owner);
    expect(await inviteBatch(owner, positionId, emails)).toMatchObject({ status: 409, body: taken(emails[38]!) });
    expect(await invitedCount(owner, positionId)).toBe(1);
    expect(await creditsSpent(owner)).toBe(spent);
    expect(await emailItem(positionId, emails[0]!)).toBeUndefined();
  });

  it('leaves link-only candidates and previews out: they hold no address', async () => {
    const positionId = await createPosition(owner);
    expect((await invite(owner, positionId, 'Link One', null)).status).toBe(201);
    expect((await invite(owner, positionId, 'Link Two', null)).status).toBe(201);
    // A member may preview as often as they like, and still invite their own address as a candidate.
    for (let i = 0; i < 2; i++) expect((await call('sendPreviewInvite', { params: { positionId }, session: owner.sessionId })).status).toBe(200);
    expect(await emailItem(positionId, owner.email)).toBeUndefined();
    expect((await invite(owner, positionId, 'Myself', owner.email)).status).toBe(201);
    expect(await invitedCount(owner, positionId)).toBe(3);
  });

  it('refuses an application through the apply link from an address the team invited, as an application applied twice', async () => {
    const positionId = await createPosition(owner);
    const link = (await call('createApplyLink', { params: { positionId }, session: owner.sessionId })).body.link_href as string;
    const linkId = link.split('/apply/')[1]!;
    const email = uniqueEmail('invited-first');
    expect((await invite(owner, positionId, 'Walk In', email)).status).toBe(201);
    const applied = await call('applyThroughLink', { params: { linkId }, body: { candidate_name: 'Walk In', email } });
    expect(applied).toMatchObject({
      status: 409,
      body: { code: 'already_applied', detail: 'You have already applied for this position. Use the link in the e-mail we sent you to continue.' },
    });
  });
});

describe('the backfill of candidates invited before addresses were unique (migration 001-candidate-emails of npm run migrate)', () => {
  it("gives each candidate their address's item, keeps what is there, and then refuses the address again", async () => {
    const owner = await registerAndSignIn('Legacy Co');
    const positionId = await createPosition(owner);
    const email = uniqueEmail('legacy');
    const candidate = (await invite(owner, positionId, 'Katherine Johnson', email)).body;
    // As a candidate invited before the change was deployed: no item.
    await localDb().send(new DeleteCommand({ TableName: localEnv().TABLE_NAME, Key: keys.candidateEmail(positionId, email) }));
    expect((await invite(owner, positionId, 'Katherine Johnson', null)).status).toBe(201);

    const first = await backfillCandidateEmails(localDb(), localEnv().TABLE_NAME);
    expect(first.written).toBeGreaterThanOrEqual(1);
    expect(first.sharedAddresses.filter((shared) => shared.positionId === positionId)).toEqual([]);
    expect(await emailItem(positionId, email)).toMatchObject({ candidateId: candidate.candidate_id, positionId, email });
    expect(await invite(owner, positionId, 'Katherine Johnson', email)).toMatchObject({ status: 409, body: taken(email) });

    const second = await backfillCandidateEmails(localDb(), localEnv().TABLE_NAME);
    expect(second.alreadyThere).toBeGreaterThanOrEqual(1);
    expect((await emailItem(positionId, email))?.candidateId).toBe(candidate.candidate_id);
  });
});
