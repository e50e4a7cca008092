import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE, DELETED_CANDIDATE } from '../../lambdas/contracts/audit';
import { epochSeconds, keys } from '../../lambdas/data/keys';
import { addMonths } from '../../lambdas/domain/retention';
import { call } from '../support/api';
import { mailTo, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { allocateCredits, localDb, localEnv, updateCompany } from '../support/aws';
import { answeredPosition, answerQuestion, interviewFixture, tokenFromHref } from '../support/interviews';
import { makeClip } from '../support/media';

/**
 * The company's audit log (issue 28): the real routes record who viewed a candidate, played or
 * downloaded answers, exported, shared, changed a status or deleted; the owner (only) reads it
 * newest first, filtered by member or candidate, a page at a time; entries keep ids only and
 * expire with the company's retention months.
 */

type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;
interface Entry {
  entry_id: string;
  at: string;
  action: string;
  member: { user_id: string; email: string } | null;
  candidate: { candidate_id: string; candidate_name: string; is_deleted: boolean } | null;
  position: { position_id: string; job_title: string } | null;
  detail: string | null;
}

let owner: Owner;
let member: { email: string; sessionId: string; userId: string };
let stranger: Owner;
let positionId: string;
let adaId: string;
let bobId: string;
let answerId: string;

const joinCompany = async (label: string) => {
  const email = uniqueEmail(label);
  expect((await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } })).status).toBe(201);
  const mail = (await mailTo(email)).find((m) => m.subject.startsWith("You're invited"));
  const nonce = /#\/invite\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')![1]!;
  const joined = await call('confirmMemberInvite', { body: { nonce } });
  expect(joined.status).toBe(201);
  return { email, sessionId: joined.body.session_id as string, userId: joined.body.user_id as string };
};

const auditLog = (query: Record<string, string> = {}, session = owner.sessionId, companyId = owner.companyId) =>
  call('listAuditLog', { params: { companyId }, session, query });

/** Every entry of the log with these filters, page by page. */
const allEntries = async (query: Record<string, string> = {}): Promise<Entry[]> => {
  const entries: Entry[] = [];
  let cursor: string | null = null;
  do {
    const res = await auditLog(cursor ? { ...query, cursor } : query);
    expect(res.status, res.text).toBe(200);
    entries.push(...res.body.entries);
    cursor = res.body.cursor;
  } while (cursor);
  return entries;
};

const auditItems = async (companyId: string) =>
  (
    await localDb().send(
      new QueryCommand({
        TableName: localEnv().TABLE_NAME,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.auditEntry(companyId, '', '').PK },
      }),
    )
  ).Items ?? [];

beforeAll(async () => {
  owner = await registerAndSignIn('Audit Co');
  await allocateCredits(owner.companyId, 10);
  await updateCompany(owner.companyId, 'SET retentionMonths = :m', { ':m': 12 });
  member = await joinCompany('auditor');
  stranger = await registerAndSignIn('Other Audit Co');
  const clip = (await makeClip(1)).bytes;
  const answered = await answeredPosition(owner, { jobTitle: 'Audited role', questions: ['Hello?'], names: ['Ada Audited', 'Bob Audited'], clip });
  positionId = answered.positionId;
  adaId = answered.ids.get('Ada Audited')!;
  bobId = answered.ids.get('Bob Audited')!;
  answerId = (await call('getCandidate', { params: { candidateId: adaId }, session: owner.sessionId })).body.answers[0].answer_id;

  // What the owner and the member do, each through its real route.
  const ok = async (res: Promise<{ status: number; text: string }>, status: number) => expect((await res).status, (await res).text).toBe(status);
  await ok(call('recordAnswerPlay', { params: { answerId }, session: owner.sessionId }), 204);
  await ok(call('createAnswerPackage', { params: { candidateId: adaId }, session: owner.sessionId }), 202);
  await ok(call('exportCandidates', { params: { positionId }, session: owner.sessionId }), 200);
  const shared = await call('createSharingDetails', { params: { candidateId: adaId }, session: owner.sessionId, body: { expires_in_days: 7 } });
  expect(shared.status).toBe(200);
  await ok(call('deleteSharing', { params: { publicCandidateId: shared.body.public_candidate_id }, session: owner.sessionId }), 204);
  await ok(call('setCandidateStatus', { params: { candidateId: adaId, status: 'shortlist' }, session: owner.sessionId }), 200);
  await ok(call('getCandidate', { params: { candidateId: bobId }, session: member.sessionId }), 200);
  await ok(call('deleteCandidate', { params: { candidateId: bobId }, session: member.sessionId }), 200);
}, 300_000);

describe('the audit log', () => {
  it('records each action of the real routes, with member, candidate and position, newest first', async () => {
    const entries = await allEntries();
    const times = entries.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    const find = (action: string, candidateId?: string) =>
      entries.find((e) => e.action === action && (!candidateId || e.candidate?.candidate_id === candidateId));
    const ada = { candidate_id: adaId, candidate_name: 'Ada Audited', is_deleted: false };
    const position = { position_id: positionId, job_title: 'Audited role' };
    const byOwner = { user_id: owner.userId, email: owner.email };
    expect(find('viewed', adaId)).toMatchObject({ member: byOwner, candidate: ada, position });
    expect(find('played', adaId)).toMatchObject({ member: byOwner, candidate: ada, detail: 'question 1' });
    expect(find('downloaded', adaId)).toMatchObject({ member: byOwner, candidate: ada });
    expect(find('exported')).toMatchObject({ member: byOwner, candidate: null, position });
    const shares = entries.filter((e) => e.action === 'shared').map((e) => e.detail);
    expect(shares).toEqual(['link off', expect.stringMatching(/^link on until \d{4}-/)]);
    expect(find('status_changed', adaId)).toMatchObject({ member: byOwner, detail: 'shortlisted' });
    // Bob is gone: his entries stay, naming him as deleted.
    const gone = { candidate_id: bobId, candidate_name: DELETED_CANDIDATE, is_deleted: true };
    expect(find('deleted', bobId)).toMatchObject({ member: { user_id: member.userId, email: member.email }, candidate: gone });
    expect(find('viewed', bobId)).toMatchObject({ member: { user_id: member.userId }, candidate: gone });
  });

  it('filters by member, by candidate, and by both', async () => {
    const byMember = await allEntries({ member: member.userId });
    expect(byMember.map((e) => e.action).sort()).toEqual(['deleted', 'viewed']);
    const aboutAda = await allEntries({ candidate: adaId });
    expect(aboutAda.length).toBeGreaterThan(5);
    expect(aboutAda.every((e) => e.candidate?.candidate_id === adaId)).toBe(true);
    expect(new Set(aboutAda.map((e) => e.action))).toEqual(new Set(['viewed', 'played', 'downloaded', 'shared', 'status_changed']));
    expect(await allEntries({ member: member.userId, candidate: adaId })).toEqual([]);
    expect((await allEntries({ member: member.userId, candidate: bobId })).map((e) => e.action).sort()).toEqual(['deleted', 'viewed']);
  });

  it('pages with a cursor, one page at a time without repeats', async () => {
    const res = await call('inviteCandidate', {
      params: { positionId },
      session: owner.sessionId,
      body: { candidate_name: 'Cleo Paged', email: null },
    });
    const cleoId = res.body.candidate_id as string;
    for (let i = 0; i < AUDIT_PAGE_SIZE + 3; i++)
      expect((await call('getCandidate', { params: { candidateId: cleoId }, session: owner.sessionId })).status).toBe(200);
    const first = await auditLog({ candidate: cleoId });
    expect(first.body.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.body.cursor).toEqual(expect.any(String));
    const second = await auditLog({ candidate: cleoId, cursor: first.body.cursor! });
    expect(second.body.entries).toHaveLength(3);
    expect(second.body.cursor).toBeNull();
    const ids = [...first.body.entries, ...second.body.entries].map((e: Entry) => e.entry_id);
    expect(new Set(ids).size).toBe(AUDIT_PAGE_SIZE + 3);
    // A cursor of another filter is refused with a clear 400.
    const crossed = await auditLog({ member: member.userId, cursor: first.body.cursor! });
    expect(crossed.status).toBe(400);
    expect(crossed.body.code).toBe('invalid_cursor');
  });

  it('is the owner’s only: a member gets 403, another company’s owner nothing', async () => {
    expect((await auditLog({}, member.sessionId)).status).toBe(403);
    const foreign = await auditLog({}, stranger.sessionId);
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain('Ada Audited');
    // Their own log holds nothing of this company's.
    const own = await auditLog({ candidate: adaId }, stranger.sessionId, stranger.companyId);
    expect(own.status).toBe(200);
    expect(own.body.entries).toEqual([]);
  });

  it('stores ids only, and expires entries with the retention months (none when the policy never deletes)', async () => {
    const items = await auditItems(owner.companyId);
    expect(items.length).toBeGreaterThan(8);
    for (const item of items) {
      expect(item.ttl).toBe(epochSeconds(addMonths(new Date(item.at), 12)));
      expect(JSON.stringify(item)).not.toContain('Ada Audited');
    }
    await updateCompany(stranger.companyId, 'SET retentionMonths = :m', { ':m': null });
    await allocateCredits(stranger.companyId, 5);
    const created = await call('createPosition', {
      params: { companyId: stranger.companyId },
      session: stranger.sessionId,
      body: { job_title: 'Kept role', interview: interviewFixture({ questions: ['Hi?'] }) },
    });
    const invited = await call('inviteCandidate', {
      params: { positionId: created.body.position_id },
      session: stranger.sessionId,
      body: { candidate_name: 'Kept Forever', email: null },
    });
    expect((await call('getCandidate', { params: { candidateId: invited.body.candidate_id }, session: stranger.sessionId })).status).toBe(200);
    const kept = await auditItems(stranger.companyId);
    expect(kept.map((item) => item.action)).toEqual(['viewed']);
    expect(kept[0]!.ttl).toBeUndefined();
  });
});

describe('views (issue 43)', () => {
  it('records one view per opening of the page: its background re-reads name the same view and add none; a new opening adds one', async () => {
    // A responded candidate nobody has opened yet: the first opening also marks them reviewed, in the same transaction.
    const invited = await call('inviteCandidate', {
      params: { positionId },
      session: owner.sessionId,
      body: { candidate_name: 'Dee Opened', email: null },
    });
    expect(invited.status).toBe(201);
    const candidateId = invited.body.candidate_id as string;
    await answerQuestion(tokenFromHref(invited.body.interview_href), 0, (await makeClip(1)).bytes);
    const read = (session: string, view?: string) => call('getCandidate', { params: { candidateId }, session, query: view ? { view } : {} });
    const views = async (userId: string) =>
      (await allEntries({ member: userId, candidate: candidateId })).filter((e) => e.action === 'viewed').length;

    const newToReview = async () => (await call('getPosition', { params: { positionId }, session: owner.sessionId })).body.new_to_review;
    expect(await newToReview()).toBe(1);

    // One opening, read five times (the page re-reads while the answer is processed).
    const first = 'opening-1';
    for (let i = 0; i < 5; i++) expect((await read(member.sessionId, first)).status).toBe(200);
    expect(await views(member.userId)).toBe(1);
    // That opening marked them reviewed, once.
    expect(await newToReview()).toBe(0);

    // A new opening is a view of its own, and so is another member's opening with the same id.
    for (let i = 0; i < 3; i++) expect((await read(member.sessionId, 'opening-2')).status).toBe(200);
    expect(await views(member.userId)).toBe(2);
    expect((await read(owner.sessionId, first)).status).toBe(200);
    expect((await read(owner.sessionId, first)).status).toBe(200);
    expect(await views(owner.userId)).toBe(1);
    expect(await views(member.userId)).toBe(2);

    // A read that names no opening is a view, each time.
    expect((await read(member.sessionId)).status).toBe(200);
    expect((await read(member.sessionId)).status).toBe(200);
    expect(await views(member.userId)).toBe(4);

    // An invalid view id is refused like any bad query.
    expect((await read(member.sessionId, 'not an id!')).status).toBe(400);
  }, 120_000);
});
