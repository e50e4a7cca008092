import { beforeAll, describe, expect, it } from 'vitest';
import { call, dynamodbCallsOf, type ApiResponse } from '../support/api';
import { allocateCredits } from '../support/aws';
import { registerAndSignIn, signIn } from '../support/accounts';
import { answerQuestion, interviewAsking, tokenFromHref } from '../support/interviews';

/**
 * What a request reads from DynamoDB, as the local Lambda runtime saw it (GET /_local/dynamodb-calls,
 * by the apigw-requestid of the response): which items, how often, in how many calls. Not timing:
 * the bench prints the round trips.
 */
const interview = interviewAsking('Tell us about yourself');

type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;
let owner: Owner;
let positionId: string;
let candidateId: string;

/**
 * The operations of an invocation, less the session's sliding expiry: an UpdateItem written at
 * most once a minute per session, alongside whichever request comes then.
 */
const operationsOf = async (response: ApiResponse) => {
  const { UpdateItem: slides = 0, ...operations } = (await dynamodbCallsOf(response)).summary.operations;
  expect(slides).toBeLessThanOrEqual(1);
  return operations;
};

beforeAll(async () => {
  owner = await registerAndSignIn('Calls Co');
  await allocateCredits(owner.companyId, 10);
  positionId = (
    await call('createPosition', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { job_title: 'Calls', interview } })
  ).body.position_id;
  const invited = await call('inviteCandidate', {
    params: { positionId },
    session: owner.sessionId,
    body: { candidate_name: 'Ada Calls', email: `ada-${Date.now()}@example.com` },
  });
  candidateId = invited.body.candidate_id;
  await answerQuestion(tokenFromHref(invited.body.interview_href), 0, new TextEncoder().encode('not a video'));
});

describe('DynamoDB calls per request', () => {
  it('shortlisting reads the session and the candidate, then the position and membership in one BatchGetItem and the company, then writes one transaction', async () => {
    const res = await call('setCandidateStatus', { params: { candidateId, status: 'shortlist' }, session: owner.sessionId });
    expect(res.status).toBe(200);
    const { route, status } = await dynamodbCallsOf(res);
    expect(route).toBe('PUT /api/v1/candidates/{candidateId}/{status}');
    expect(status).toBe(200);
    // The session and the candidate in one BatchGetItem (asked for together: data/request-reads.ts), the company; position and
    // membership together; the audit log's entry (issue 28).
    expect(await operationsOf(res)).toEqual({ BatchGetItem: 2, GetItem: 1, TransactWriteItems: 1, PutItem: 1 });
  });

  it('reads the session once on a position route, and the position and the membership once each', async () => {
    const res = await call('getPosition', { params: { positionId }, session: owner.sessionId });
    expect(res.status).toBe(200);
    expect(await operationsOf(res)).toEqual({ GetItem: 3 });
  });

  it('reads a candidate’s page with one batch for the position, the membership and the answers’ media (the candidate item names them)', async () => {
    const res = await call('getCandidate', { params: { candidateId }, session: owner.sessionId });
    expect(res.status).toBe(200);
    const operations = await operationsOf(res);
    // Session and candidate (one batch: data/request-reads.ts); position, membership and the answers'
    // media (one batch; the candidate item records the answers; the company too, for the retention
    // date); the three neighbours (Queries); the audit log's "viewed" entry (issue 28). Issue 26: ≤ 6 calls.
    expect(operations).toEqual({ BatchGetItem: 2, Query: 3, PutItem: 1 });
  });

  it('tells apart invocations of one function that overlap', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => call('getPosition', { params: { positionId }, session: owner.sessionId })));
    const seen = await Promise.all(responses.map(dynamodbCallsOf));
    expect(new Set(seen.map((invocation) => invocation.requestId)).size).toBe(6);
    for (const response of responses) expect(await operationsOf(response)).toEqual({ GetItem: 3 });
  });

  it('still answers a refused session with 401 when the object was read alongside the session check', async () => {
    for (const session of ['not-a-session', await signOut((await signIn(owner.email)).sessionId)]) {
      const res = await call('setCandidateStatus', { params: { candidateId, status: 'reject' }, session });
      expect(res.status).toBe(401);
      expect(res.text).not.toContain('Ada');
      const unknown = await call('getCandidate', { params: { candidateId: 'no-such-candidate-id' }, session });
      expect(unknown.status).toBe(401);
    }
    // Nothing moved.
    expect((await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body.current_status).toBe('shortlisted');
  });
});

/** Signs the session out and returns it (now revoked). */
const signOut = async (sessionId: string) => {
  expect((await call('deleteSession', { params: { sessionId } })).status).toBe(204);
  return sessionId;
};
