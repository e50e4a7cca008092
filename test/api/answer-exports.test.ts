import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { allocateCredits } from '../support/aws';
import { registerAndSignIn } from '../support/accounts';
import { answerQuestion, interviewFixture, seedAnswerSpecs, tokenFromHref } from '../support/interviews';
import { makeClip } from '../support/media';

/**
 * Every answer type where answers leave the product (issue 39): the CSV export's rows carry each
 * answer in words (a text as written, the options picked with knockouts marked, a file by its
 * name, a recording by its kind) and why a knockout stopped the candidate.
 */
type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const TEXT = '=1+2 I have led <b>teams</b>\nfor many years as a kitchen manager.';

const titles = ['In writing: your experience', 'Which stations?', 'Your CV', 'A word on video'];

let owner: Owner;
let positionId: string;
const people: Record<string, { candidateId: string; token: string; answerIds: string[] }> = {};

const invite = async (name: string) => {
  const invited = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: name, email: null } });
  expect(invited.status).toBe(201);
  people[name] = { candidateId: invited.body.candidate_id as string, token: tokenFromHref(invited.body.interview_href), answerIds: [] };
  return people[name];
};
const typed = async (token: string, questionIndex: number, body: { text: string } | { option_ids: string[] }) =>
  expect((await call('submitTypedAnswer', { params: { token, questionIndex }, body })).status).toBe(200);
const fileAnswer = async (token: string, questionIndex: number, fileName: string, bytes: Uint8Array) => {
  const started = await call('startFileAnswer', { params: { token, questionIndex }, body: { file_name: fileName, size: bytes.length } });
  expect(started.status).toBe(201);
  const put = await fetch(started.body.upload_url, { method: 'PUT', headers: { 'content-type': started.body.upload_content_type }, body: Buffer.from(bytes) });
  expect(put.status).toBe(200);
  expect((await call('submitAnswer', { params: { token, answerId: started.body.answer_id }, body: { uploaded: 'file' } })).status).toBe(200);
  return started.body.answer_id as string;
};

beforeAll(async () => {
  owner = await registerAndSignIn('Answer Exports Co');
  await allocateCredits(owner.companyId, 10);
  const position = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Head chef', interview: interviewFixture({ questions: titles }) },
  });
  expect(position.status).toBe(201);
  positionId = position.body.position_id;
  // Not offered to teams yet (OFFERED_ANSWER_TYPES): seeded as stored.
  await seedAnswerSpecs(positionId, [
    { answerType: 'text', minWords: null, maxWords: null },
    {
      answerType: 'multiple_choice',
      options: [
        { optionId: 'grill', label: 'Grill', knockout: false },
        { optionId: 'pastry', label: '@Pastry', knockout: false },
        { optionId: 'none', label: 'None of them', knockout: true },
      ],
      minPicked: 1,
      maxPicked: null,
    },
    { answerType: 'file' },
  ]);
  const clip = (await makeClip(1)).bytes;

  // Ada answers everything (a knockout option among her picks: flagged); Bob only the text so far.
  const ada = await invite('Ada Able');
  await typed(ada.token, 0, { text: TEXT });
  await typed(ada.token, 1, { option_ids: ['none', 'grill'] });
  ada.answerIds.push(await fileAnswer(ada.token, 2, 'cv.pdf', pdf));
  ada.answerIds.push((await answerQuestion(ada.token, 3, clip)).answerId);
  const bob = await invite('Bob Brief');
  await typed(bob.token, 0, { text: 'Short and sweet.' });
}, 180_000);

describe('the CSV export of every answer type (issue 39)', () => {
  it('gives each answer in words, knockouts marked, and why a knockout flagged the candidate', async () => {
    const res = await call('exportCandidates', { params: { positionId }, session: owner.sessionId });
    expect(res.status).toBe(200);
    expect(res.body.questions).toEqual(titles);
    const byName = new Map((res.body.rows as Record<string, any>[]).map((row) => [row.candidate_name, row]));
    expect(byName.get('Ada Able')).toMatchObject({
      current_status: 'responded',
      // Formulas neutralised; the text otherwise as written (never HTML), line breaks kept.
      answers: [`'${TEXT}`, 'Grill; None of them (knockout)', 'cv.pdf', 'Video answer'],
      knocked_out: 'Question 2 (Which stations?): None of them. Flagged for the team.',
    });
    expect(byName.get('Bob Brief')).toMatchObject({ current_status: 'invited', answers: ['Short and sweet.', '', '', ''] });
    expect(byName.get('Bob Brief')).not.toHaveProperty('knocked_out');
  });
});
