import { describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { interviewFixture, seedAnswerSpecs } from '../support/interviews';
import { expectAccessible } from './support/accessibility';
import { useBrowser } from './support/browser';
import { signedInOwner } from './support/session';

/**
 * Issue 39, the candidate's side of the answers that are not recordings: a text answer with its
 * word counter and a draft that survives a reload, a multiple-choice answer with native checkboxes,
 * a file answer through the styled picker (a wrong type refused in the page), and a knockout that
 * ends the interview with the position's message. The position is seeded (seedAnswerSpecs; the wizard
 * builds one in answer-types.e2e); the interview has nothing to record, so it skips the
 * camera check.
 */
const browser = useBrowser();

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const message = 'Thank you. This role needs a driving licence, so the interview ends here.';

const invitedTo = async (owner: { companyId: string; sessionId: string }, name: string, positionId: string) => {
  const { body } = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: name, email: null } });
  return body.interview_href as string;
};

describe('text, choice and file answers (issue 39)', () => {
  it('a candidate writes (the draft survives a reload), picks, uploads a file, and one is knocked out with the message', async () => {
    const owner = await signedInOwner(browser, 'Typed Answers E2E Co');
    await owner.context.close();
    const { body: position } = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Courier', interview: interviewFixture({ questions: ['Why this job?', 'Which licences do you hold?', 'Your CV'] }) },
    });
    await seedAnswerSpecs(
      position.position_id,
      [
        { answerType: 'text', minWords: 3, maxWords: 40 },
        {
          answerType: 'multiple_choice',
          options: [
            { optionId: 'car', label: 'Car', knockout: false },
            { optionId: 'van', label: 'Van', knockout: false },
            { optionId: 'none', label: 'None', knockout: true },
          ],
          minPicked: 1,
          maxPicked: 2,
        },
        { answerType: 'file' },
      ],
      { action: 'end', message },
    );

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(await invitedTo(owner, 'Wes Writer', position.position_id));
    await page.getByRole('button', { name: 'Start the interview' }).click();

    // Text: the counter follows the words; the draft is saved and comes back after a reload.
    const answer = page.getByLabel('Your answer');
    await answer.fill('I like to drive');
    await expect.poll(() => page.getByTestId('word-count').textContent()).toBe('4 words of at most 40');
    await expect.poll(() => page.getByTestId('draft-state').textContent(), { timeout: 10_000 }).toBe('Draft saved');
    await expectAccessible(page, 'text answer');
    await page.reload();
    // Nothing answered yet: the welcome offers to start, and the draft is there.
    await page.getByRole('button', { name: 'Start the interview' }).click();
    await expect.poll(() => page.getByLabel('Your answer').inputValue()).toBe('I like to drive');
    await page.getByLabel('Your answer').fill('Hi');
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByRole('alert').filter({ hasText: 'Write at least 3 words.' }).waitFor();
    await page.getByLabel('Your answer').fill('I like to drive around town');
    await page.getByRole('button', { name: 'Submit answer' }).click();

    // Choice: native checkboxes in a fieldset named by what to pick.
    await page.getByRole('group', { name: 'Choose 1 to 2 options.' }).waitFor();
    await expectAccessible(page, 'choice answer');
    await page.getByRole('checkbox', { name: 'Car' }).check();
    await page.getByRole('checkbox', { name: 'Van' }).check();
    await page.getByRole('button', { name: 'Submit answer' }).click();

    // File: a wrong type is refused in the page; a PDF is sent.
    await page.getByText('Upload a PDF, Word (DOCX), PNG or JPEG file of up to 10 MB.').waitFor();
    await expectAccessible(page, 'file answer');
    await page.getByLabel('Your file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') });
    await page.getByRole('alert').filter({ hasText: 'This file is not a PDF, Word (DOCX), PNG or JPEG file.' }).waitFor();
    await page.getByLabel('Your file').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect.poll(() => page.getByTestId('chosen-file').textContent()).toBe('cv.pdf (1 KB)');
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByRole('heading', { name: 'Your interview is complete' }).waitFor();

    // A candidate who picks the knockout option reads the position's message, and the interview is over.
    await page.goto(await invitedTo(owner, 'Nia None', position.position_id));
    await page.getByRole('button', { name: 'Start the interview' }).click();
    await page.getByLabel('Your answer').fill('Because I enjoy it');
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByRole('checkbox', { name: 'None' }).check();
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByTestId('knocked-out').getByText(message).waitFor();
    await expectAccessible(page, 'knocked out');
    await page.reload();
    await page.getByTestId('knocked-out').getByText(message).waitFor();
    await context.close();
  });
});
