import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { allocateCredits } from '../support/aws';
import { registerAndSignIn } from '../support/accounts';
import { interviewFixture, seedAnswerSpecs, startAnswer, tokenFromHref } from '../support/interviews';

/**
 * Typed answers (issue 39), the candidate's side: the interview shows each question's answer spec
 * (never which options knock out), and only video and audio questions start a recording.
 */
describe('typed answers (issue 39)', () => {
  let positionId: string;
  let sessionId: string;
  beforeAll(async () => {
    const owner = await registerAndSignIn('Typed Answers Co');
    sessionId = owner.sessionId;
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
    // Not offered to teams yet (OFFERED_ANSWER_TYPES): seeded as stored.
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
});
