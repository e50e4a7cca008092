import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { backfillAnswerRatings } from '../../scripts/backfill-answer-ratings';
import { call } from '../support/api';
import { registerAndSignIn, uniqueEmail } from '../support/accounts';
import { allocateCredits, localDb, localEnv } from '../support/aws';
import { answerQuestion, interviewAsking, tokenFromHref } from '../support/interviews';
import { makeClip } from '../support/media';

/**
 * The candidates CSV export (spec §7): its rows come from the position's candidates alone (a few
 * 1 MB Query pages, no read per candidate), the average rating from what each candidate item
 * records of its answers' ratings; the rows are what they were when every answer was read.
 */
type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;

const interview = interviewAsking('Tell us about yourself', 'Why this role?');

let owner: Owner;
let positionId: string;
const invited: Record<string, Record<string, any>> = {};
const answerIds: Record<string, string[]> = {};

const exportRows = async () => {
  const res = await call('exportCandidates', { params: { positionId }, session: owner.sessionId });
  expect(res.status).toBe(200);
  return res.body.rows as Record<string, unknown>[];
};
const rate = async (answerId: string, rating: number) =>
  expect((await call('rateAnswer', { params: { answerId }, session: owner.sessionId, body: { new_rating: rating } })).status).toBe(200);
const candidateItem = async (candidateId: string) =>
  (await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.candidate(candidateId), ConsistentRead: true }))).Item!;

beforeAll(async () => {
  owner = await registerAndSignIn('Export Rows Co');
  await allocateCredits(owner.companyId, 30);
  positionId = (
    await call('createPosition', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { job_title: 'Line cook', interview } })
  ).body.position_id;
  const clip = (await makeClip(1)).bytes;
  // Ada answers both questions, Bob one (still invited), Cy none.
  for (const [name, email, answered] of [
    ['Ada Able', uniqueEmail('ada'), 2],
    ['=Bob Formula', null, 1],
    ['Cy Clark', uniqueEmail('cy'), 0],
  ] as const) {
    const res = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: name, email } });
    expect(res.status).toBe(201);
    invited[name] = res.body;
    const token = tokenFromHref(res.body.interview_href);
    answerIds[name] = [];
    for (let q = 0; q < answered; q++) answerIds[name].push((await answerQuestion(token, q, clip)).answerId);
  }
}, 120_000);

describe('the candidates export', () => {
  it('gives every candidate, newest invite first, with the average of their ratings, kept on the candidate with the answer', async () => {
    await rate(answerIds['Ada Able']![0]!, 5);
    await rate(answerIds['Ada Able']![1]!, 2);
    await rate(answerIds['=Bob Formula']![0]!, 4);
    // The rating is on the answer and, in the same transaction, on the candidate's record of it.
    const ada = await candidateItem(invited['Ada Able']!.candidate_id);
    expect([ada.answers.q0.rating, ada.answers.q1.rating]).toEqual([5, 2]);
    expect((await call('getCandidate', { params: { candidateId: ada.candidateId }, session: owner.sessionId })).body.rating).toBe(3.5);
    await rate(answerIds['Ada Able']![1]!, 3);
    expect((await candidateItem(ada.candidateId)).answers.q1.rating).toBe(3);

    const completedAt = (await call('getCandidate', { params: { candidateId: ada.candidateId }, session: owner.sessionId })).body.completed_at!
      .time_value;
    const row = (name: string, neutralised: string, status: string, completed: string | null, rating: number | null) => ({
      candidate_name: neutralised,
      email: invited[name]!.email,
      current_status: status,
      invited_at: invited[name]!.created_at.time_value,
      completed_at: completed,
      rating,
      interview_href: invited[name]!.interview_href,
    });
    expect(await exportRows()).toEqual([
      row('Cy Clark', 'Cy Clark', 'invited', null, null),
      row('=Bob Formula', "'=Bob Formula", 'invited', null, 4),
      row('Ada Able', 'Ada Able', 'responded', completedAt, 4),
    ]);
  });

  it('reads a long-open position’s candidates in ranges of invite time, missing none before, between or after them', async () => {
    const since = Date.now() - 8 * 24 * 3600_000;
    const oldPosition = (
      await call('createPosition', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { job_title: 'Sous chef', interview } })
    ).body.position_id as string;
    await localDb().send(
      new UpdateCommand({
        TableName: localEnv().TABLE_NAME,
        Key: keys.position(oldPosition),
        UpdateExpression: 'SET createdAt = :c',
        ExpressionAttributeValues: { ':c': new Date(since).toISOString() },
      }),
    );
    // Invited across the position's eight days (one before it, one at its creation, one a minute ahead of the clock).
    const offsets = [
      -3600_000,
      0,
      1,
      3600_000,
      86_400_000,
      2 * 86_400_000,
      3.5 * 86_400_000,
      5 * 86_400_000,
      7.9 * 86_400_000,
      Date.now() - since + 60_000,
    ];
    const expected: string[] = [];
    for (const [i, offset] of offsets.entries()) {
      const name = `Cook ${i}`;
      const res = await call('inviteCandidate', {
        params: { positionId: oldPosition },
        session: owner.sessionId,
        body: { candidate_name: name, email: null },
      });
      expect(res.status).toBe(201);
      const createdAt = new Date(since + offset).toISOString();
      await localDb().send(
        new UpdateCommand({
          TableName: localEnv().TABLE_NAME,
          Key: keys.candidate(res.body.candidate_id),
          UpdateExpression: 'SET createdAt = :c, GSI1SK = :sk',
          ExpressionAttributeValues: { ':c': createdAt, ':sk': keys.candidateByPosition(oldPosition, createdAt, res.body.candidate_id).GSI1SK },
        }),
      );
      expected.unshift(name);
    }
    const res = await call('exportCandidates', { params: { positionId: oldPosition }, session: owner.sessionId });
    expect(res.body.rows.map((r: { candidate_name: string }) => r.candidate_name)).toEqual(expected);
  });

  it('shows ratings given before they were kept on the candidate once migration 003-answer-ratings (`npm run migrate`) has copied them, and copies nothing twice', async () => {
    const adaId = invited['Ada Able']!.candidate_id as string;
    await rate(answerIds['Ada Able']![0]!, 5);
    await rate(answerIds['Ada Able']![1]!, 2);
    // A rating given before the change: on the answer item only.
    await localDb().send(
      new UpdateCommand({ TableName: localEnv().TABLE_NAME, Key: keys.candidate(adaId), UpdateExpression: 'REMOVE answers.q1.rating' }),
    );
    const ratingOfAda = async () => (await exportRows()).find((r) => r.candidate_name === 'Ada Able')!.rating;
    expect(await ratingOfAda()).toBe(5);

    const first = await backfillAnswerRatings(localDb(), localEnv().TABLE_NAME!);
    expect(first.written).toBeGreaterThanOrEqual(1);
    expect((await candidateItem(adaId)).answers.q1.rating).toBe(2);
    expect(await ratingOfAda()).toBe(3.5);

    const again = await backfillAnswerRatings(localDb(), localEnv().TABLE_NAME!);
    expect(again.written).toBe(0);
    expect(again.rated).toBeGreaterThanOrEqual(first.rated);
    expect(await ratingOfAda()).toBe(3.5);
  });
});
