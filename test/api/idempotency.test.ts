import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '../../lambdas/contracts/vocabulary';
import { messages } from '../../lambdas/platform/idempotency';
import { call } from '../support/api';
import { allocateCredits, localDb, localEnv } from '../support/aws';
import { registerAndSignIn } from '../support/accounts';
import { interviewFixture, tokenFromHref } from '../support/interviews';

/**
 * Issue 37: a burst of invites answers exactly as many 201 as there are credits and 402 for the
 * rest (no 5xx), the company's credits, the position's count and the candidate items agree, and
 * repeating every request with its Idempotency-Key changes nothing.
 */
type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;

const createPosition = async (owner: Owner) => {
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: {
      job_title: 'Burst tester',
      interview: interviewFixture({ questions: ['Why?'], pacing: { thinking_time: 30, answer_time: 60, retakes: 0 } }),
    },
  });
  expect(created.status).toBe(201);
  return created.body.position_id as string;
};

const invite = (owner: Owner, positionId: string, name: string, key?: string) =>
  call('inviteCandidate', {
    params: { positionId },
    session: owner.sessionId,
    body: { candidate_name: name, email: null },
    headers: key ? { [IDEMPOTENCY_HEADER]: key } : {},
  });

/** The position's candidate items, counted in the table (GSI1), the credits spent and the position's count. */
const tally = async (owner: Owner, positionId: string) => {
  const { Count } = await localDb().send(
    new QueryCommand({
      TableName: localEnv().TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.candidateByPosition(positionId, '', '').GSI1PK },
      Select: 'COUNT',
    }),
  );
  const plan = await call('getPlanStatus', { params: { companyId: owner.companyId }, session: owner.sessionId });
  const position = await call('getPosition', { params: { positionId }, session: owner.sessionId });
  return { items: Count ?? 0, credits: plan.body.candidate_packs_status.invited, position: position.body.candidates.invited };
};

const statusCounts = (statuses: number[]) =>
  Object.fromEntries([...new Set(statuses)].sort().map((s) => [s, statuses.filter((x) => x === s).length]));

describe('a burst of invites', () => {
  it('answers as many 201 as there are credits and 402 for the rest; a repeat of each with its key changes nothing', async () => {
    const owner = await registerAndSignIn('Burst');
    await allocateCredits(owner.companyId, 3);
    const positionId = await createPosition(owner);
    const requests = Array.from({ length: 30 }, (_, i) => ({ name: `Burst ${i}`, key: randomUUID() }));
    const first = await Promise.all(requests.map((r) => invite(owner, positionId, r.name, r.key)));
    expect(statusCounts(first.map((r) => r.status))).toEqual({ 201: 3, 402: 27 });
    expect(await tally(owner, positionId)).toEqual({ items: 3, credits: 3, position: 3 });

    const again = await Promise.all(requests.map((r) => invite(owner, positionId, r.name, r.key)));
    expect(statusCounts(again.map((r) => r.status))).toEqual({ 201: 3, 402: 27 });
    // Each 201 is the first answer again, the same candidate, marked as a replay.
    for (const [i, response] of again.entries()) {
      if (response.status !== 201) continue;
      expect(first[i]!.status).toBe(201);
      expect(response.body.candidate_id).toBe(first[i]!.body.candidate_id);
      expect(response.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBe('true');
    }
    expect(await tally(owner, positionId)).toEqual({ items: 3, credits: 3, position: 3 });
  });

  it('runs simultaneous repeats of one key once', async () => {
    const owner = await registerAndSignIn('Same key');
    const positionId = await createPosition(owner);
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 6 }, () => invite(owner, positionId, 'Only once', key)));
    const created = responses.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.body.candidate_id)).size).toBe(1);
    // The others arrived while the first ran: told to try again, with when.
    for (const busy of responses.filter((r) => r.status !== 201)) {
      expect(busy.status).toBe(409);
      expect(busy.body).toEqual({ detail: messages.inProgress, code: 'idempotency_in_progress' });
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(await tally(owner, positionId)).toEqual({ items: 1, credits: 1, position: 1 });
    const later = await invite(owner, positionId, 'Only once', key);
    expect(later.status).toBe(201);
    expect(later.body.candidate_id).toBe(created[0]!.body.candidate_id);
  });

  it('refuses a key used for another request, and a malformed key; without a key each request runs', async () => {
    const owner = await registerAndSignIn('Key rules');
    const positionId = await createPosition(owner);
    const key = randomUUID();
    expect((await invite(owner, positionId, 'First', key)).status).toBe(201);
    const reused = await invite(owner, positionId, 'Someone else', key);
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({ detail: messages.reused, code: 'idempotency_key_reused' });
    const malformed = await invite(owner, positionId, 'Bad key', 'two words');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('invalid_idempotency_key');
    expect((await invite(owner, positionId, 'No key')).status).toBe(201);
    expect((await invite(owner, positionId, 'No key')).status).toBe(201);
    expect(await tally(owner, positionId)).toEqual({ items: 3, credits: 3, position: 3 });
  });

  it('keeps keys apart by caller: another member of another company with the same key runs their own request', async () => {
    const [a, b] = await Promise.all([registerAndSignIn('Caller A'), registerAndSignIn('Caller B')]);
    const [positionA, positionB] = await Promise.all([createPosition(a), createPosition(b)]);
    const key = randomUUID();
    const [fromA, fromB] = await Promise.all([invite(a, positionA, 'Same', key), invite(b, positionB, 'Same', key)]);
    expect([fromA.status, fromB.status]).toEqual([201, 201]);
    expect(fromA.body.candidate_id).not.toBe(fromB.body.candidate_id);
  });

  it('creates a position once per key', async () => {
    const owner = await registerAndSignIn('Positions once');
    const key = randomUUID();
    const body = { job_title: 'Once only', interview: interviewFixture({ questions: ['Why?'] }) };
    const send = () =>
      call('createPosition', { params: { companyId: owner.companyId }, session: owner.sessionId, body, headers: { [IDEMPOTENCY_HEADER]: key } });
    const first = await send();
    const second = await send();
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.position_id).toBe(first.body.position_id);
    const list = await call('listPositions', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect((list.body.positions as { job_title: string }[]).filter((p) => p.job_title === 'Once only')).toHaveLength(1);
  });

  it("starts a candidate's take once per key: a repeat answers the same take and uses no retake", async () => {
    const owner = await registerAndSignIn('Takes once');
    await allocateCredits(owner.companyId, 2);
    const created = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Take tester', interview: interviewFixture({ questions: ['Why?'], pacing: { thinking_time: 30, answer_time: 60, retakes: 1 } }) },
    });
    const invited = await call('inviteCandidate', {
      params: { positionId: created.body.position_id },
      session: owner.sessionId,
      body: { candidate_name: 'Tay Ake', email: null },
    });
    const token = tokenFromHref(invited.body.interview_href);
    const key = randomUUID();
    const start = (headers: Record<string, string>) =>
      call('startAnswer', { params: { token }, body: { questionIndex: 0, contentType: 'video/webm' }, headers });
    const first = await start({ [IDEMPOTENCY_HEADER]: key });
    const repeat = await start({ [IDEMPOTENCY_HEADER]: key });
    expect([first.status, repeat.status]).toEqual([201, 201]);
    expect(repeat.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBe('true');
    expect(repeat.body).toEqual(first.body);
    expect(first.body.retakes_left).toBe(1);
    // The retake is still there: a new take (a new key) is a new one, and uses it.
    const retake = await start({ [IDEMPOTENCY_HEADER]: randomUUID() });
    expect([retake.status, retake.body.retakes_left]).toEqual([201, 0]);
    expect(retake.body.answer_id).not.toBe(first.body.answer_id);
  });
});
