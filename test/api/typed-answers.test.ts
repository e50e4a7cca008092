import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { call } from '../support/api';
import { allocateCredits, localDb, localEnv, partition } from '../support/aws';
import { registerAndSignIn } from '../support/accounts';
import { interviewFixture, seedAnswerSpecs, startAnswer, tokenFromHref } from '../support/interviews';

/**
 * Typed answers (issue 39), the candidate's side: the interview shows each question's answer spec
 * (never which options knock out), and only video and audio questions start a recording.
 */
describe('typed answers (issue 39)', () => {
  let positionId: string;
  let sessionId: string;
  let companyId: string;
  beforeAll(async () => {
    const owner = await registerAndSignIn('Typed Answers Co');
    sessionId = owner.sessionId;
    companyId = owner.companyId;
    await allocateCredits(owner.companyId, 10);
    const position = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: {
        job_title: 'Writer',
        interview: interviewFixture({
          questions: ['Tell us in writing', 'Do you have a work permit?', 'And a few words on video'],
        }),
      },
    });
    expect(position.status).toBe(201);
    positionId = position.body.position_id;
    // Seeded as stored (quicker than the editor; the API takes them too).
    await seedAnswerSpecs(positionId, [
      { answerType: 'text', minWords: 3, maxWords: 50 },
      {
        answerType: 'single_choice',
        options: [
          { optionId: 'yes', label: 'Yes', knockout: false },
          { optionId: 'no', label: 'No', knockout: true },
        ],
      },
    ]);
  }, 120_000);

  it('shows the answer specs without knockout flags, and refuses to record a typed question', async () => {
    const invited = await call('inviteCandidate', { params: { positionId }, session: sessionId, body: { candidate_name: 'Tess Typed', email: null } });
    expect(invited.status).toBe(201);
    const token = tokenFromHref(invited.body.interview_href);

    const interview = await call('getInterview', { params: { token } });
    expect(interview.status).toBe(200);
    const answers = interview.body.questions.map((q: { answer: unknown }) => q.answer);
    expect(answers).toEqual([
      { answer_type: 'text', min_words: 3, max_words: 50 },
      { answer_type: 'single_choice', options: [{ option_id: 'yes', label: 'Yes' }, { option_id: 'no', label: 'No' }] },
      { answer_type: 'video' },
    ]);
    expect(JSON.stringify(interview.body)).not.toContain('knockout');
    expect(interview.body.knocked_out).toBeNull();

    for (const questionIndex of [0, 1]) {
      const refused = await startAnswer(token, questionIndex);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('wrong_answer_type');
    }
    expect((await startAnswer(token, 2)).status).toBe(201);
  });

  const invite = async (id: string, name: string) => {
    const invited = await call('inviteCandidate', { params: { positionId: id }, session: sessionId, body: { candidate_name: name, email: null } });
    expect(invited.status).toBe(201);
    return { candidateId: invited.body.candidate_id as string, token: tokenFromHref(invited.body.interview_href) };
  };
  const answer = (token: string, questionIndex: number, body: { text: string } | { option_ids: string[] }) =>
    call('submitTypedAnswer', { params: { token, questionIndex }, body });
  const stored = async (candidateId: string) =>
    (await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.candidate(candidateId) }))).Item!;

  it('holds a text answer to its word limits, keeps its draft until it is submitted, and a repeat answers the same', async () => {
    const { candidateId, token } = await invite(positionId, 'Wren Words');
    for (const [text, detail] of [
      ['   ', 'Write an answer.'],
      ['Two words', 'Write at least 3 words.'],
      [Array.from({ length: 51 }, () => 'word').join(' '), 'Write at most 50 words.'],
    ] as const) {
      const refused = await answer(token, 0, { text });
      expect(refused.status, text).toBe(400);
      expect(refused.body).toMatchObject({ code: 'invalid_answer', detail });
    }
    // The wrong kind of answer for the question, and a question that is not there.
    expect((await answer(token, 0, { option_ids: ['yes'] })).body.code).toBe('wrong_answer_type');
    expect((await answer(token, 1, { text: 'Yes I do' })).body.code).toBe('wrong_answer_type');
    expect((await answer(token, 2, { text: 'On video' })).body.code).toBe('wrong_answer_type');
    expect((await answer(token, 9, { text: 'Nowhere' })).body.code).toBe('unknown_question');

    // A draft, saved while typing, comes back with the interview; only a text question has one.
    const saved = await call('saveAnswerDraft', { params: { token, questionIndex: 0 }, body: { text: 'I have written <b>plenty</b>' } });
    expect(saved.status).toBe(200);
    expect((await call('getInterview', { params: { token } })).body.questions.map((q: { draft: string | null }) => q.draft)).toEqual([
      'I have written <b>plenty</b>',
      null,
      null,
    ]);
    expect((await call('saveAnswerDraft', { params: { token, questionIndex: 1 }, body: { text: 'x' } })).body.code).toBe('wrong_answer_type');

    const text = 'I have written <b>plenty</b>\nover two lines.';
    const first = await answer(token, 0, { text });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ completed: false, knocked_out: null });
    expect((await answer(token, 0, { text })).body).toEqual({ completed: false, knocked_out: null });
    const different = await answer(token, 0, { text: 'Something else entirely here' });
    expect(different.status).toBe(409);
    expect(different.body.code).toBe('answered');
    expect((await call('saveAnswerDraft', { params: { token, questionIndex: 0 }, body: { text: 'late' } })).status).toBe(409);

    // The text is kept as sent on the answer item; the draft is gone; the candidate item keeps the answer's kind.
    const items = await partition(keys.candidate(candidateId).PK);
    expect(items.filter((i) => String(i.SK).startsWith('DRAFT#'))).toEqual([]);
    expect(items.find((i) => i.SK === keys.answer(candidateId, 0).SK)).toMatchObject({ answerType: 'text', text });
    expect((await stored(candidateId)).answers.q0).toEqual({ answerId: expect.any(String), answerType: 'text' });
    const interview = await call('getInterview', { params: { token } });
    expect(interview.body.questions[0]).toMatchObject({ answered: true, draft: null });
  });

  it('flags a knockout for the team and goes on', async () => {
    const { candidateId, token } = await invite(positionId, 'Kit Knocked');
    expect((await answer(token, 1, { option_ids: ['yes', 'no'] })).body).toMatchObject({ code: 'invalid_answer', detail: 'Choose one option.' });
    expect((await answer(token, 1, { option_ids: ['maybe'] })).body.code).toBe('invalid_answer');
    const knocked = await answer(token, 1, { option_ids: ['no'] });
    expect(knocked.body).toEqual({ completed: false, knocked_out: { ended: false, message: null } });
    const candidate = await stored(candidateId);
    expect(candidate.currentStatus).toBe('invited');
    expect(candidate.knockout).toEqual({ questionIndex: 1, optionLabels: ['No'], ended: false, at: expect.any(String) });
    expect(candidate.answers.q1).toEqual({ answerId: expect.any(String), answerType: 'single_choice', optionIds: ['no'] });
    const summary = await call('getCandidate', { params: { candidateId }, session: sessionId });
    expect(summary.body.knockout).toMatchObject({ question_index: 1, option_labels: ['No'], ended: false });
  });

  it('ends the interview at a knockout when the position says so: responded at once, counted, the rest unanswered', async () => {
    const position = await call('createPosition', {
      params: { companyId },
      session: sessionId,
      body: { job_title: 'Driver', interview: interviewFixture({ questions: ['Which licences do you hold?', 'Why driving?', 'On video'] }) },
    });
    const endsId = position.body.position_id as string;
    const message = 'Thank you. We need a licence for this one, so the interview ends here.';
    await seedAnswerSpecs(
      endsId,
      [
        {
          answerType: 'multiple_choice',
          options: [
            { optionId: 'car', label: 'Car', knockout: false },
            { optionId: 'truck', label: 'Truck', knockout: false },
            { optionId: 'none', label: 'None', knockout: true },
          ],
          minPicked: 1,
          maxPicked: 2,
        },
        { answerType: 'text', minWords: null, maxWords: null },
      ],
      { action: 'end', message },
    );
    const fine = await invite(endsId, 'Cass Car');
    expect((await answer(fine.token, 0, { option_ids: ['car', 'truck', 'none'] })).body.detail).toBe('Choose at most 2 options.');
    expect((await answer(fine.token, 0, { option_ids: [] })).body.detail).toBe('Choose at least 1 option.');
    expect((await answer(fine.token, 0, { option_ids: ['truck', 'car'] })).body).toEqual({ completed: false, knocked_out: null });
    expect((await stored(fine.candidateId)).answers.q0.optionIds).toEqual(['car', 'truck']);

    const out = await invite(endsId, 'Nell None');
    const ended = await answer(out.token, 0, { option_ids: ['none'] });
    expect(ended.body).toEqual({ completed: true, knocked_out: { ended: true, message } });
    const candidate = await stored(out.candidateId);
    expect(candidate).toMatchObject({ currentStatus: 'responded', answeredCount: 1, knockout: { ended: true, optionLabels: ['None'] } });
    const interview = (await call('getInterview', { params: { token: out.token } })).body;
    expect(interview).toMatchObject({ completed: true, knocked_out: { message } });
    expect(interview.questions.map((q: { answered: boolean }) => q.answered)).toEqual([true, false, false]);
    // A repeat answers the same; nothing more may be answered.
    expect((await answer(out.token, 0, { option_ids: ['none'] })).body).toEqual({ completed: true, knocked_out: { ended: true, message } });
    expect((await answer(out.token, 1, { text: 'Because' })).body.code).toBe('interview_completed');
    const counts = (await call('getPosition', { params: { positionId: endsId }, session: sessionId })).body.candidates;
    expect(counts).toMatchObject({ invited: 1, responded: 1 });
  });

  it('a deleted candidate leaves no draft behind', async () => {
    const { candidateId, token } = await invite(positionId, 'Dora Draft');
    await call('saveAnswerDraft', { params: { token, questionIndex: 0 }, body: { text: 'half a thought' } });
    expect((await partition(keys.candidate(candidateId).PK)).some((i) => String(i.SK).startsWith('DRAFT#'))).toBe(true);
    expect((await call('deleteCandidate', { params: { candidateId }, session: sessionId })).status).toBe(200);
    expect(await partition(keys.candidate(candidateId).PK)).toEqual([]);
  });
});
