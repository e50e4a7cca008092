import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { allocateCredits } from '../support/aws';
import { mailTo, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { answerQuestion, interviewFixture, tokenFromHref } from '../support/interviews';
import { savePosition } from '../support/positions';

type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;
interface Member {
  email: string;
  sessionId: string;
  userId: string;
}

let owner: Owner;
/** Has access to the position. */
let reviewer: Member;
/** A member of the company the position is not shared with. */
let outsider: Member;
let positionId: string;
let responded: string;
let invited: string;

const joinAsMember = async (): Promise<Member> => {
  const email = uniqueEmail('member');
  expect((await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } })).status).toBe(201);
  const mail = (await mailTo(email)).find((m) => m.subject.startsWith("You're invited"));
  const nonce = /#\/invite\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
  const joined = await call('confirmMemberInvite', { body: { nonce } });
  expect(joined.status).toBe(201);
  return { email, sessionId: joined.body.session_id, userId: joined.body.user_id };
};

const invite = async (name: string) => {
  const res = await call('inviteCandidate', {
    params: { positionId },
    session: owner.sessionId,
    body: { candidate_name: name, email: uniqueEmail('candidate') },
  });
  expect(res.status).toBe(201);
  return { candidateId: res.body.candidate_id as string, token: tokenFromHref(res.body.interview_href) };
};

const criteriaOf = async (session = owner.sessionId) => call('getPositionScorecard', { params: { positionId }, session });
const setCriteria = (criteria: unknown[], session = owner.sessionId) =>
  call('updatePositionScorecard', { params: { positionId }, session, body: { criteria } });
// Loosely typed: the tests read what a caller must not see, too.
const scorecards = (candidateId: string, session: string) =>
  call<'getCandidateScorecards', any>('getCandidateScorecards', { params: { candidateId }, session });
const submit = (candidateId: string, session: string, body: unknown) =>
  call<'submitScorecard', any>('submitScorecard', { params: { candidateId }, session, body: body as never });

const ids = async () => ((await criteriaOf()).body.criteria as { criterion_id: string; name: string }[]).map((c) => c.criterion_id);

beforeAll(async () => {
  owner = await registerAndSignIn('Scorecards');
  await allocateCredits(owner.companyId, 10);
  reviewer = await joinAsMember();
  outsider = await joinAsMember();
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Support lead', interview: interviewFixture({ questions: ['Why us?'] }) },
  });
  expect(created.status).toBe(201);
  positionId = created.body.position_id;
  expect((await savePosition(owner.sessionId, positionId, { sharing: { user_ids: [owner.userId, reviewer.userId] } })).status).toBe(200);
  const alice = await invite('Alice Scored');
  // Not a video: the pipeline fails it, but the answer is submitted and the candidate has responded.
  expect((await answerQuestion(alice.token, 0, new TextEncoder().encode('not a video'))).completed).toBe(true);
  responded = alice.candidateId;
  invited = (await invite('Ivan Invited')).candidateId;
});

describe('scorecard criteria', () => {
  it('start empty, are saved with stable ids, and a member with access reads them', async () => {
    expect((await criteriaOf()).body).toEqual({ position_id: positionId, criteria: [] });
    const saved = await setCriteria([
      { name: 'Communication', guide1: 'Hard to follow', guide3: 'Clear', guide5: 'Compelling' },
      { name: 'Role knowledge' },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.criteria).toEqual([
      { criterion_id: expect.any(String), name: 'Communication', guide1: 'Hard to follow', guide3: 'Clear', guide5: 'Compelling' },
      { criterion_id: expect.any(String), name: 'Role knowledge', guide1: null, guide3: null, guide5: null },
    ]);
    // Saved again with its id, a criterion keeps it.
    const [communication] = saved.body.criteria as { criterion_id: string }[];
    const again = await setCriteria([{ ...saved.body.criteria[0] }, saved.body.criteria[1]], reviewer.sessionId);
    expect(again.status).toBe(200);
    expect(again.body.criteria[0].criterion_id).toBe(communication!.criterion_id);
    expect((await criteriaOf(reviewer.sessionId)).body.criteria).toEqual(again.body.criteria);
  });

  it('refuses bad input with a 400 and what is wrong', async () => {
    const tooMany = Array.from({ length: 11 }, (_, i) => ({ name: `Criterion ${i}` }));
    const cases = [
      { criteria: tooMany },
      { criteria: [{ name: '' }] },
      { criteria: [{ name: 'x'.repeat(61) }] },
      { criteria: [{ name: 'Fine', guide1: 'y'.repeat(201) }] },
      { criteria: [{ name: 'Line\nbreak' }] },
      { criteria: [{ name: 'Same' }, { name: 'same' }] },
      { criteria: 'none' },
    ];
    for (const body of cases) {
      const res = await call('updatePositionScorecard', { params: { positionId }, session: owner.sessionId, body: body as never });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toBeTruthy();
    }
    expect((await criteriaOf()).body.criteria.map((c: { name: string }) => c.name)).toEqual(['Communication', 'Role knowledge']);
  });

  it('are a 404 for a member without access to the position', async () => {
    expect((await criteriaOf(outsider.sessionId)).status).toBe(404);
    expect((await setCriteria([{ name: 'Sneaky' }], outsider.sessionId)).status).toBe(404);
  });
});

describe('scoring a candidate', () => {
  it("keeps others' scores hidden from a reviewer until they submit, on the server", async () => {
    const [communication, knowledge] = await ids();
    const before = await scorecards(responded, owner.sessionId);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ candidate_id: responded, mine: null, others_submitted: 0, revealed: null });
    expect(before.body.criteria).toHaveLength(2);

    const mine = await submit(responded, owner.sessionId, {
      scores: [
        { criterion_id: communication, score: 4 },
        { criterion_id: knowledge, score: 2 },
      ],
      note: 'Good listener',
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.mine).toMatchObject({ reviewer_id: owner.userId, reviewer_name: owner.email, mean: 3, note: 'Good listener' });
    expect(mine.body.revealed.scorecards).toHaveLength(1);

    // The reviewer has not submitted: the response holds no score of the owner's, only that one exists.
    const hidden = await scorecards(responded, reviewer.sessionId);
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ mine: null, others_submitted: 1, revealed: null });
    expect(JSON.stringify(hidden.body)).not.toContain('Good listener');
    expect(JSON.stringify(hidden.body)).not.toContain(owner.userId);

    const theirs = await submit(responded, reviewer.sessionId, {
      scores: [
        { criterion_id: knowledge, score: 5 },
        { criterion_id: communication, score: 2 },
      ],
    });
    expect(theirs.status).toBe(200);
    expect(theirs.body.others_submitted).toBe(1);
    expect(theirs.body.revealed.scorecards.map((c: { reviewer_name: string; mean: number }) => [c.reviewer_name, c.mean])).toEqual([
      [reviewer.email, 3.5],
      [owner.email, 3],
    ]);
    expect(theirs.body.revealed.criteria).toEqual([
      { criterion_id: communication, name: 'Communication', mean: 3, count: 2, current: true },
      { criterion_id: knowledge, name: 'Role knowledge', mean: 3.5, count: 2, current: true },
    ]);
    expect(theirs.body.revealed.mean).toBe(3.25);
    // The owner sees the reviewer's now too.
    expect((await scorecards(responded, owner.sessionId)).body.revealed.scorecards).toHaveLength(2);
  });

  it('lets a reviewer change their scorecard, and the means follow', async () => {
    const [communication, knowledge] = await ids();
    const changed = await submit(responded, owner.sessionId, {
      scores: [
        { criterion_id: communication, score: 5 },
        { criterion_id: knowledge, score: 5 },
      ],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.mine).toMatchObject({ mean: 5, note: null });
    expect(changed.body.revealed.scorecards).toHaveLength(2);
    expect(changed.body.revealed.mean).toBe(4.25);
  });

  it('keeps scores of a renamed or removed criterion readable', async () => {
    const [communication] = await ids();
    expect((await setCriteria([{ criterion_id: communication, name: 'Clarity' }, { name: 'Ownership' }])).status).toBe(200);
    const view = (await scorecards(responded, reviewer.sessionId)).body;
    expect(view.criteria.map((c: { name: string }) => c.name)).toEqual(['Clarity', 'Ownership']);
    expect(view.revealed.criteria.map((c: { name: string; current: boolean }) => [c.name, c.current])).toEqual([
      ['Clarity', true],
      ['Role knowledge', false],
    ]);
    // What a reviewer gave keeps the name it had then.
    expect(view.mine.scores.map((s: { name: string }) => s.name)).toEqual(['Communication', 'Role knowledge']);
  });

  it('puts the scores in the export and orders the list by score', async () => {
    const rows = (await call('exportCandidates', { params: { positionId }, session: owner.sessionId })).body.rows;
    const alice = rows.find((r: { candidate_name: string }) => r.candidate_name === 'Alice Scored');
    // Under the criteria's names now (Communication was renamed Clarity; Role knowledge was removed).
    expect(alice).toMatchObject({
      score: 4.25,
      criterion_scores: [
        { name: 'Clarity', mean: 3.5 },
        { name: 'Role knowledge', mean: 5 },
      ],
    });
    const ivan = rows.find((r: { candidate_name: string }) => r.candidate_name === 'Ivan Invited');
    expect([ivan?.candidate_name, ivan?.score, ivan?.criterion_scores]).toEqual(['Ivan Invited', undefined, undefined]);

    const list = await call('listCandidates', { params: { positionId }, session: owner.sessionId, query: { tab: 'responded', sort: 'score' } });
    expect(list.status).toBe(200);
    expect(list.body.candidates.map((c: { candidate_id: string }) => c.candidate_id)).toEqual([responded]);
    // A status change moves the candidate's place to the new tab.
    expect((await call('setCandidateStatus', { params: { candidateId: responded, status: 'shortlist' }, session: owner.sessionId })).status).toBe(
      200,
    );
    const tab = async (name: string) =>
      (await call('listCandidates', { params: { positionId }, session: owner.sessionId, query: { tab: name, sort: 'score' } })).body.candidates.map(
        (c: { candidate_id: string }) => c.candidate_id,
      );
    expect(await tab('responded')).toEqual([]);
    expect(await tab('shortlisted')).toEqual([responded]);
    expect(await tab('done')).toEqual([responded]);
    expect((await call('setCandidateStatus', { params: { candidateId: responded, status: 'undo' }, session: owner.sessionId })).status).toBe(200);
    expect(await tab('responded')).toEqual([responded]);
  });

  it('refuses scores that do not fit the criteria with a 400', async () => {
    const [clarity, ownership] = await ids();
    const cases = [
      { scores: [{ criterion_id: clarity, score: 4 }] },
      {
        scores: [
          { criterion_id: clarity, score: 6 },
          { criterion_id: ownership, score: 3 },
        ],
      },
      {
        scores: [
          { criterion_id: clarity, score: 0 },
          { criterion_id: ownership, score: 3 },
        ],
      },
      {
        scores: [
          { criterion_id: clarity, score: 2.5 },
          { criterion_id: ownership, score: 3 },
        ],
      },
      {
        scores: [
          { criterion_id: clarity, score: 4 },
          { criterion_id: clarity, score: 4 },
        ],
      },
      {
        scores: [
          { criterion_id: clarity, score: 4 },
          { criterion_id: ownership, score: 4 },
          { criterion_id: 'unknown-criterion', score: 4 },
        ],
      },
      { scores: 'all fives' },
      {
        scores: [
          { criterion_id: clarity, score: 4 },
          { criterion_id: ownership, score: 4 },
        ],
        note: 'n'.repeat(501),
      },
    ];
    for (const body of cases) {
      const res = await submit(responded, reviewer.sessionId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toBeTruthy();
    }
  });

  it('refuses a candidate who has not responded (409), and is a 404 for a member without access', async () => {
    const [clarity, ownership] = await ids();
    const body = {
      scores: [
        { criterion_id: clarity, score: 4 },
        { criterion_id: ownership, score: 4 },
      ],
    };
    const early = await submit(invited, owner.sessionId, body);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('not_responded');
    expect((await scorecards(responded, outsider.sessionId)).status).toBe(404);
    expect((await submit(responded, outsider.sessionId, body)).status).toBe(404);
    expect(JSON.stringify((await scorecards(responded, outsider.sessionId)).body)).not.toContain(owner.email);
  });

  it('is a 409 on a position without criteria', async () => {
    expect((await setCriteria([])).status).toBe(200);
    const res = await submit(responded, owner.sessionId, { scores: [] });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('no_scorecard');
    // What was given stays readable.
    expect((await scorecards(responded, owner.sessionId)).body.revealed.scorecards).toHaveLength(2);
  });
});
