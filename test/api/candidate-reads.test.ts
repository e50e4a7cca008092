import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { call, dynamodbCallsOf, type ApiResponse } from '../support/api';
import { allocateCredits, localDb, localEnv } from '../support/aws';
import { registerAndSignIn } from '../support/accounts';
import { answerQuestion, interviewAsking, tokenFromHref } from '../support/interviews';

/**
 * The candidate routes that trust ids an item holds (an answer's, a public id's: the candidate,
 * their position and company) read the candidate with the position and the membership in one
 * BatchGetItem instead of after it: what they read, that an item whose ids are not its candidate's
 * opens nothing, and that items without the ids (put before they were recorded) still work.
 */
const interview = interviewAsking('Tell us about yourself', 'Why this role?');

type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;
let owner: Owner;
let other: Owner;
let positionId: string;
let otherPositionId: string;

const createPosition = async (who: Owner) =>
  (await call('createPosition', { params: { companyId: who.companyId }, session: who.sessionId, body: { job_title: 'Reads', interview } })).body
    .position_id as string;

/** A candidate of the owner's position who answered both questions. */
const respondedCandidate = async (name: string) => {
  const invited = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: name, email: null } });
  expect(invited.status).toBe(201);
  const token = tokenFromHref(invited.body.interview_href);
  await answerQuestion(token, 0, new TextEncoder().encode('not a video'));
  await answerQuestion(token, 1, new TextEncoder().encode('not a video'));
  return invited.body.candidate_id as string;
};

/** The operations of the calls that started before the first write (the session's sliding expiry, an UpdateItem at most once a minute, left out). */
const readsBeforeWrite = async (response: ApiResponse) => {
  const calls = (await dynamodbCallsOf(response)).calls.filter((c) => c.operation !== 'UpdateItem');
  const firstWrite = Math.min(...calls.filter((c) => c.operation === 'TransactWriteItems').map((c) => c.startMs));
  const counts: Record<string, number> = {};
  for (const c of calls.filter((c) => c.startMs < firstWrite)) counts[c.operation] = (counts[c.operation] ?? 0) + 1;
  return counts;
};

/** All operations of the invocation, less the session's sliding expiry. */
const operationsOf = async (response: ApiResponse) => {
  const { UpdateItem: slides = 0, ...operations } = (await dynamodbCallsOf(response)).summary.operations;
  expect(slides).toBeLessThanOrEqual(1);
  return operations;
};

const setIds = (key: { PK: string; SK: string }, ids: { companyId: string; positionId: string }) =>
  localDb().send(
    new UpdateCommand({
      TableName: localEnv().TABLE_NAME,
      Key: key,
      UpdateExpression: 'SET companyId = :c, positionId = :p',
      ExpressionAttributeValues: { ':c': ids.companyId, ':p': ids.positionId },
    }),
  );

const removeIds = (key: { PK: string; SK: string }) =>
  localDb().send(new UpdateCommand({ TableName: localEnv().TABLE_NAME, Key: key, UpdateExpression: 'REMOVE companyId, positionId' }));

const itemOf = async (key: { PK: string; SK: string }) => (await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: key }))).Item;

const rate = (who: Owner, answerId: string, rating: number) =>
  call('rateAnswer', { params: { answerId }, session: who.sessionId, body: { new_rating: rating } });

beforeAll(async () => {
  owner = await registerAndSignIn('Reads Co');
  other = await registerAndSignIn('Other Reads Co');
  await allocateCredits(owner.companyId, 20);
  positionId = await createPosition(owner);
  otherPositionId = await createPosition(other);
});

describe('rating an answer', () => {
  it('reads the answer, then the candidate, position and membership in one BatchGetItem and the company, then writes', async () => {
    const candidateId = await respondedCandidate('Ada Rating');
    const answers = (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body.answers;
    const res = await rate(owner, answers[0].answer_id, 4);
    expect(res.body).toEqual({ answer_id: answers[0].answer_id, rating: 4 });
    // The session and the company (GetItem), the answer (Query), candidate + position + membership (one batch).
    expect(await operationsOf(res)).toEqual({ GetItem: 2, Query: 1, BatchGetItem: 1, TransactWriteItems: 1 });
    const page = (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body;
    expect(page.answers.map((a: any) => a.rating)).toEqual([4, null]);
    expect(page.rating).toBe(4);
  });

  it('trusts no answer item whose ids are not its candidate’s: another company’s member gets a 404 and nothing changes', async () => {
    const candidateId = await respondedCandidate('Bo Tampered');
    const answerId = (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body.answers[0].answer_id;
    const answerKey = keys.answer(candidateId, 0);
    // The answer item names the other company and its position: that company's owner may open those, not this candidate.
    await setIds(answerKey, { companyId: other.companyId, positionId: otherPositionId });
    const refused = await rate(other, answerId, 1);
    expect(refused.status).toBe(404);
    expect(refused.body.detail).toBe('Candidate not found.');
    expect(refused.text).not.toContain('Bo Tampered');
    expect((await itemOf(answerKey))!.rating).toBeNull();
    await setIds(answerKey, { companyId: owner.companyId, positionId });
    expect((await rate(owner, answerId, 2)).status).toBe(200);
  });

  it('rates an answer whose item does not name the position and company (the candidate names them), for members only', async () => {
    const candidateId = await respondedCandidate('Cy Older');
    const answerId = (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body.answers[1].answer_id;
    await removeIds(keys.answer(candidateId, 1));
    expect((await rate(other, answerId, 1)).status).toBe(404);
    expect((await rate(owner, answerId, 3)).body).toEqual({ answer_id: answerId, rating: 3 });
    expect((await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body.answers[1].rating).toBe(3);
  });
});

describe('revoking a public link', () => {
  const share = async (candidateId: string) =>
    (await call('createSharingDetails', { params: { candidateId }, session: owner.sessionId })).body.public_candidate_id as string;
  const revoke = (who: Owner, publicCandidateId: string) => call('deleteSharing', { params: { publicCandidateId }, session: who.sessionId });

  it('reads the link, then the candidate, position and membership in one BatchGetItem, then writes', async () => {
    const candidateId = await respondedCandidate('Di Shared');
    const publicCandidateId = await share(candidateId);
    expect(await itemOf(keys.publicCandidate(publicCandidateId))).toMatchObject({ candidateId, positionId, companyId: owner.companyId });
    expect((await revoke(other, publicCandidateId)).status).toBe(404);
    const res = await revoke(owner, publicCandidateId);
    expect(res.status).toBe(204);
    // And the audit log's entry (issue 28): the company's retention months (its expiry), then the entry.
    expect(await operationsOf(res)).toEqual({ GetItem: 3, BatchGetItem: 1, TransactWriteItems: 1, PutItem: 1 });
    expect((await call('getPublicCandidate', { params: { publicCandidateId } })).status).toBe(404);
  });

  it('trusts no link whose ids are not its candidate’s: another company’s member gets a 404 and the link stays', async () => {
    const candidateId = await respondedCandidate('Ed Tampered');
    const publicCandidateId = await share(candidateId);
    await setIds(keys.publicCandidate(publicCandidateId), { companyId: other.companyId, positionId: otherPositionId });
    const refused = await revoke(other, publicCandidateId);
    expect(refused.status).toBe(404);
    expect(refused.body.detail).toBe('Candidate not found.');
    expect((await itemOf(keys.candidate(candidateId)))!.publicCandidateId).toBe(publicCandidateId);
    // Nor does the public page show the candidate under another company's name.
    expect((await call('getPublicCandidate', { params: { publicCandidateId } })).status).toBe(404);
    await setIds(keys.publicCandidate(publicCandidateId), { companyId: owner.companyId, positionId });
    expect((await call('getPublicCandidate', { params: { publicCandidateId } })).body.company_name).toBe('Reads Co');
  });

  it('shows and revokes a link shared before links named the position and company', async () => {
    const candidateId = await respondedCandidate('Flo Older');
    const publicCandidateId = await share(candidateId);
    await removeIds(keys.publicCandidate(publicCandidateId));
    const page = await call('getPublicCandidate', { params: { publicCandidateId } });
    expect(page.status).toBe(200);
    expect(page.body.company_name).toBe('Reads Co');
    expect(page.body.answers).toHaveLength(2);
    expect((await revoke(other, publicCandidateId)).status).toBe(404);
    expect((await revoke(owner, publicCandidateId)).status).toBe(204);
    expect((await call('getPublicCandidate', { params: { publicCandidateId } })).status).toBe(404);
    expect((await revoke(owner, publicCandidateId)).body.code).toBe('sharing_off');
  });
});

describe('deleting a candidate', () => {
  it('reads the partition alongside the session, then the position and membership, before the one transaction; takes everything along', async () => {
    const candidateId = await respondedCandidate('Gus Deleted');
    expect((await call('deleteCandidate', { params: { candidateId }, session: other.sessionId })).status).toBe(404);
    const res = await call('deleteCandidate', { params: { candidateId }, session: owner.sessionId });
    expect(res.body).toEqual({ candidate_id: candidateId, current_status: 'deleted' });
    expect(await readsBeforeWrite(res)).toEqual({ GetItem: 1, Query: 1, BatchGetItem: 1 });
    expect(await itemOf(keys.candidate(candidateId))).toBeUndefined();
    expect(await itemOf(keys.answer(candidateId, 0))).toBeUndefined();
    expect(await itemOf(keys.answer(candidateId, 1))).toBeUndefined();
    expect((await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).status).toBe(404);
  });
});

describe('a candidate’s page', () => {
  it('reads the answers from the candidate item and their media in the access check’s batch', async () => {
    const candidateId = await respondedCandidate('Hal Page');
    const res = await call('getCandidate', { params: { candidateId }, session: owner.sessionId });
    expect(res.status).toBe(200);
    expect(res.body.answers.map((a: any) => a.question_index)).toEqual([0, 1]);
    // Session and candidate (one batch: data/request-reads.ts); position, membership and the answers'
    // media (one batch); the three neighbours; this being the first opening, the one transaction that
    // marks them reviewed and writes the audit log's "viewed" entry (issue 28; the company, for its
    // expiry, came in the batch). Issue 26: ≤ 6 calls, 2 rounds after the session.
    expect(await operationsOf(res)).toEqual({ BatchGetItem: 2, Query: 3, TransactWriteItems: 1 });
    // Opened again: reads, and the audit entry on its own.
    const again = await call('getCandidate', { params: { candidateId }, session: owner.sessionId });
    expect(await operationsOf(again)).toEqual({ BatchGetItem: 2, Query: 3, PutItem: 1 });
    const transcripts = await call('getAnswerTranscripts', { params: { candidateId }, session: owner.sessionId });
    expect(transcripts.body.answer_transcripts).toHaveLength(2);
    // The session and the candidate in one batch (data/request-reads.ts), then the access check's.
    expect(await operationsOf(transcripts)).toEqual({ BatchGetItem: 2 });
    expect((await call('getAnswerTranscripts', { params: { candidateId }, session: other.sessionId })).status).toBe(404);
  });
});
