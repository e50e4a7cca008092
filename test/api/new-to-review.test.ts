import { beforeAll, describe, expect, it } from 'vitest';
import { call, dynamodbCallsOf } from '../support/api';
import { allocateCredits } from '../support/aws';
import { registerAndSignIn } from '../support/accounts';
import { answerQuestion, interviewAsking, tokenFromHref } from '../support/interviews';

/**
 * Issue 29: a position counts the responded candidates no member has opened yet (`new_to_review`)
 * and keeps its latest response's time (`last_response_at`), in the transactions that move its
 * candidates: a response adds one; the first opening, a move away from responded and a deletion
 * of a candidate nobody opened take it away, once.
 */
type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;
let owner: Owner;
let positionId: string;

const summary = async () => {
  const list = await call('listPositions', { params: { companyId: owner.companyId }, query: { status: 'open' }, session: owner.sessionId });
  expect(list.status).toBe(200);
  return list.body.positions.find((p: { position_id: string }) => p.position_id === positionId) as {
    new_to_review: number;
    last_response_at: string | null;
    candidates: Record<string, number>;
  };
};
const detail = async () => (await call('getPosition', { params: { positionId }, session: owner.sessionId })).body;

/** A candidate who answered the one question (the bytes need not be a video for the count). */
const responded = async (name: string) => {
  const invited = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: name, email: null } });
  expect(invited.status).toBe(201);
  const { completed } = await answerQuestion(tokenFromHref(invited.body.interview_href), 0, new TextEncoder().encode('not a video'));
  expect(completed).toBe(true);
  return invited.body.candidate_id as string;
};
const open = (candidateId: string) => call('getCandidate', { params: { candidateId }, session: owner.sessionId });

beforeAll(async () => {
  owner = await registerAndSignIn('Review Counts Co');
  await allocateCredits(owner.companyId, 10);
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Counted', interview: interviewAsking('Tell us about yourself') },
  });
  positionId = created.body.position_id;
});

describe('new to review', () => {
  it('starts at 0 with no response, in the list and on the position', async () => {
    expect(await summary()).toMatchObject({ new_to_review: 0, last_response_at: null });
    expect(await detail()).toMatchObject({ new_to_review: 0, last_response_at: null });
    // An invite alone is nothing to review.
    await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: 'Only Invited', email: null } });
    expect((await summary()).new_to_review).toBe(0);
  });

  it('counts a response until a member opens it, once however often (and however concurrently) it is opened', async () => {
    const before = Date.now();
    const ada = await responded('Ada Opened');
    const first = await summary();
    expect(first.new_to_review).toBe(1);
    expect(Date.parse(first.last_response_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect((await detail()).new_to_review).toBe(1);

    const opened = await open(ada);
    expect(opened.status).toBe(200);
    // The first opening writes one transaction (the candidate and the position's count).
    expect((await dynamodbCallsOf(opened)).summary.operations.TransactWriteItems).toBe(1);
    expect((await summary()).new_to_review).toBe(0);
    const again = await open(ada);
    expect(again.status).toBe(200);
    // Once reviewed, opening writes nothing.
    expect((await dynamodbCallsOf(again)).summary.operations.TransactWriteItems ?? 0).toBe(0);
    expect((await summary()).new_to_review).toBe(0);

    const bea = await responded('Bea Twice');
    expect((await summary()).new_to_review).toBe(1);
    const both = await Promise.all([open(bea), open(bea)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await summary()).new_to_review).toBe(0);
    // The last response is the latest.
    expect(Date.parse((await summary()).last_response_at!)).toBeGreaterThanOrEqual(Date.parse(first.last_response_at!));
  });

  it('takes a candidate moved on unopened off the count, and does not count them again on undo', async () => {
    const cid = await responded('Cid Shortlisted');
    expect((await summary()).new_to_review).toBe(1);
    expect((await call('setCandidateStatus', { params: { candidateId: cid, status: 'shortlist' }, session: owner.sessionId })).status).toBe(200);
    expect((await summary()).new_to_review).toBe(0);
    expect((await call('setCandidateStatus', { params: { candidateId: cid, status: 'undo' }, session: owner.sessionId })).status).toBe(200);
    expect((await summary()).new_to_review).toBe(0);
    // Opening them now changes nothing either.
    await open(cid);
    expect((await summary()).new_to_review).toBe(0);
  });

  it('takes a deleted unopened candidate off the count, and leaves it alone for an opened one', async () => {
    const dan = await responded('Dan Deleted');
    const eve = await responded('Eve Opened Deleted');
    expect((await summary()).new_to_review).toBe(2);
    await open(eve);
    expect((await summary()).new_to_review).toBe(1);
    expect((await call('deleteCandidate', { params: { candidateId: eve }, session: owner.sessionId })).status).toBe(200);
    expect((await summary()).new_to_review).toBe(1);
    expect((await call('deleteCandidate', { params: { candidateId: dan }, session: owner.sessionId })).status).toBe(200);
    const after = await summary();
    expect(after.new_to_review).toBe(0);
    // The counts by status moved with them: Ada, Bea and Cid responded; the invite is still there.
    expect(after.candidates).toEqual({ invited: 1, responded: 3, shortlisted: 0, rejected: 0 });
  });

  it('adds no read to the list page', async () => {
    const list = await call('listPositions', { params: { companyId: owner.companyId }, query: { status: 'open' }, session: owner.sessionId });
    const { UpdateItem: _slide, ...operations } = (await dynamodbCallsOf(list)).summary.operations;
    // The session and the membership, then the page's one Query.
    expect(operations).toEqual({ GetItem: 2, Query: 1 });
  });
});
