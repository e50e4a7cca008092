import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_KNOCKOUT_MESSAGE } from '../../lambdas/contracts/answer-types';
import { call } from '../support/api';
import { allocateCredits } from '../support/aws';
import { registerAndSignIn } from '../support/accounts';
import { answerQuestion, interviewFixture, seedAnswerSpecs, tokenFromHref } from '../support/interviews';
import { makeClip } from '../support/media';

/**
 * The team's views of every answer type (issue 39): getCandidate and getPublicCandidate give each
 * answer in its form, a text as written (plain text: nothing in it is taken for markup), a choice
 * question's options with those picked and those that knock out, a file by its name, the type its
 * bytes are and its size with a link that downloads it; a text answer is rated as any other; the
 * knockout is on the candidate's summary.
 */
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const TEXT = 'I would <script>alert("x")</script> start with tests,\n& then <b>ship</b>.';

describe('answer views (issue 39)', () => {
  let owner: Awaited<ReturnType<typeof registerAndSignIn>>;
  let candidateId: string;
  beforeAll(async () => {
    owner = await registerAndSignIn('Answer Views Co');
    await allocateCredits(owner.companyId, 10);
    const position = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: {
        job_title: 'Analyst',
        interview: interviewFixture({
          questions: ['How would you start?', 'Can you start within a month?', 'Which do you hold?', 'Your CV', 'A few words on video'],
        }),
      },
    });
    expect(position.status).toBe(201);
    const positionId = position.body.position_id as string;
    // Seeded as stored (quicker than the editor; the API takes them too).
    await seedAnswerSpecs(
      positionId,
      [
        { answerType: 'text', minWords: null, maxWords: null },
        {
          answerType: 'single_choice',
          options: [
            { optionId: 'yes', label: 'Yes', knockout: false },
            { optionId: 'no', label: 'No', knockout: false },
          ],
        },
        {
          answerType: 'multiple_choice',
          options: [
            { optionId: 'car', label: 'Car licence', knockout: false },
            { optionId: 'truck', label: 'Truck licence', knockout: false },
            { optionId: 'none', label: 'None', knockout: true },
          ],
          minPicked: 1,
          maxPicked: null,
        },
        { answerType: 'file' },
      ],
      { action: 'flag', message: DEFAULT_KNOCKOUT_MESSAGE },
    );
    const invited = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: 'Vera Views', email: null } });
    expect(invited.status).toBe(201);
    candidateId = invited.body.candidate_id;
    const token = tokenFromHref(invited.body.interview_href);

    const typed = async (questionIndex: number, body: { text: string } | { option_ids: string[] }) =>
      expect((await call('submitTypedAnswer', { params: { token, questionIndex }, body })).status).toBe(200);
    await typed(0, { text: TEXT });
    await typed(1, { option_ids: ['yes'] });
    await typed(2, { option_ids: ['none', 'car'] });
    // Named as a picture: it is a PDF, and is kept (and shown) as one.
    const file = await call('startFileAnswer', { params: { token, questionIndex: 3 }, body: { file_name: 'cv final.png', size: pdf.length } });
    expect(file.status).toBe(201);
    const put = await fetch(file.body.upload_url, { method: 'PUT', headers: { 'content-type': file.body.upload_content_type }, body: Buffer.from(pdf) });
    expect(put.status).toBe(200);
    expect((await call('submitAnswer', { params: { token, answerId: file.body.answer_id }, body: { uploaded: 'file' } })).status).toBe(200);
    const { completed } = await answerQuestion(token, 4, (await makeClip(1, 'hello')).bytes);
    expect(completed).toBe(true);
  }, 180_000);

  /** The answers in the form both pages give them. */
  const expectForms = (answers: any[]) => {
    const byQuestion = [...answers].sort((a, b) => a.question_index - b.question_index);
    expect(byQuestion.map((a) => a.answer_type)).toEqual(['text', 'single_choice', 'multiple_choice', 'file', 'video']);
    const [text, single, multiple, file, video] = byQuestion;
    expect(text).toMatchObject({ text: TEXT, choices: null, file: null, video: null, thumbnail: null });
    expect(single).toMatchObject({
      text: null,
      file: null,
      video: null,
      choices: [
        { option_id: 'yes', label: 'Yes', picked: true, knockout: false },
        { option_id: 'no', label: 'No', picked: false, knockout: false },
      ],
    });
    expect(multiple.choices).toEqual([
      { option_id: 'car', label: 'Car licence', picked: true, knockout: false },
      { option_id: 'truck', label: 'Truck licence', picked: false, knockout: false },
      { option_id: 'none', label: 'None', picked: true, knockout: true },
    ]);
    expect(file).toMatchObject({
      text: null,
      choices: null,
      video: null,
      file: { file_name: 'cv final.png', content_type: 'application/pdf', size: pdf.length, download_href: expect.any(String) },
    });
    expect(video).toMatchObject({ text: null, choices: null, file: null, video: { upload_status: expect.any(String) } });
    return byQuestion;
  };

  it('shows the team every answer in its form, and the knockout on the summary', async () => {
    const candidate = await call('getCandidate', { params: { candidateId }, session: owner.sessionId });
    expect(candidate.status).toBe(200);
    expect(candidate.body.current_status).toBe('responded');
    expect(candidate.body.knockout).toEqual({ question_index: 2, option_labels: ['None'], ended: false, at: expect.any(String) });
    expectForms(candidate.body.answers);
  });

  it('downloads a file answer as an attachment of its name, its bytes as uploaded', async () => {
    const candidate = await call('getCandidate', { params: { candidateId }, session: owner.sessionId });
    const file = candidate.body.answers.find((a) => a.answer_type === 'file')?.file;
    const res = await fetch(file!.download_href);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="cv final.png"');
    // Served as the type its bytes are, never the one its name claims.
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdf);
  });

  it('rates a text and a choice answer as any other', async () => {
    const answers = (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body.answers as any[];
    const text = answers.find((a) => a.answer_type === 'text');
    const choice = answers.find((a) => a.answer_type === 'multiple_choice');
    const rated = await call('rateAnswer', { params: { answerId: text.answer_id }, session: owner.sessionId, body: { new_rating: 4 } });
    expect(rated.status).toBe(200);
    expect(rated.body).toEqual({ answer_id: text.answer_id, rating: 4 });
    expect((await call('rateAnswer', { params: { answerId: choice.answer_id }, session: owner.sessionId, body: { new_rating: 2 } })).status).toBe(200);
    const after = await call('getCandidate', { params: { candidateId }, session: owner.sessionId });
    const ratings = Object.fromEntries((after.body.answers as any[]).map((a) => [a.answer_type, a.rating]));
    expect(ratings).toMatchObject({ text: 4, multiple_choice: 2 });
    expect(after.body.rating).toBe(3);
  });

  it('shows the same forms on the public page of the shared candidate', async () => {
    const shared = await call('createSharingDetails', { params: { candidateId }, session: owner.sessionId });
    expect(shared.status).toBe(200);
    const page = await call('getPublicCandidate', { params: { publicCandidateId: shared.body.public_candidate_id } });
    expect(page.status).toBe(200);
    const answers = expectForms(page.body.answers);
    const res = await fetch(answers[3].file.download_href);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="cv final.png"');
    expect(JSON.stringify(page.body)).not.toMatch(/rating|knockout_record|email/);
  });
});
