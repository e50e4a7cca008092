import type { Page as FirefoxPage } from 'puppeteer-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import { call } from '../support/api';
import { zipEntries } from '../support/zip';
import { expectAccessible } from './support/accessibility';
import { appUrl, trackErrors, useBrowser } from './support/browser';
import { activate, expectAccessibleInFirefox, tabTo, trackFirefoxErrors, useFirefox, waitForHeading } from './support/firefox';
import { recordFor } from './support/recording';
import { signedInOwner } from './support/session';

/**
 * Issue 39, done when: a team builds an interview with one question of each answer type and a
 * knockout in the wizard (with the preview of what the candidate sees); one candidate answers them
 * all, the text and choice questions with the keyboard alone in Firefox, the file, audio and video
 * ones in Chromium; another is knocked out and reads the position's message; the team reviews both
 * (each answer in its form, the knockout and why), and the CSV export and the answer package hold
 * every answer. axe on every screen.
 */
const browser = useBrowser();
const firefox = useFirefox();

const QUESTIONS = [
  { title: 'Why do you want to work in our kitchen?', type: 'Text' },
  { title: 'Do you have the right to work in the UK?', type: 'Single choice', options: ['Yes', 'No'], knockout: 'No' },
  { title: 'Which shifts can you work?', type: 'Multiple choice', options: ['Breakfast', 'Lunch', 'Dinner'] },
  { title: 'Your CV', type: 'File upload' },
  { title: 'Say hello to the team', type: 'Audio only' },
  { title: 'Show us your station', type: 'Video' },
] as const;
const KNOCKOUT_MESSAGE = 'Thank you. We can only hire people with the right to work in the UK, so the interview ends here.';
const TEXT = 'I love the rush of a busy service\nand a clean station.';
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** The wizard: a name, one typed question per answer type with its settings, the knockout's rule, the pacing. */
const buildInterview = async (page: Page, companyId: string) => {
  await page.goto(appUrl(paths.positions.to(companyId)));
  await page.getByRole('button', { name: 'Create a position' }).click();
  const step1 = page.getByRole('region', { name: 'Enter a position name' });
  await page.getByLabel('Position name', { exact: true }).fill('Line cook');
  await step1.getByRole('button', { name: 'Next' }).click();
  const step2 = page.getByRole('region', { name: 'Record your questions' });
  for (const [i, q] of QUESTIONS.entries()) {
    await step2.getByRole('button', { name: 'Add a typed question' }).click();
    const region = step2.getByRole('region', { name: `Question ${i + 1}` });
    await region.getByLabel('Question', { exact: true }).fill(q.title);
    await region.getByLabel('Answer type').selectOption({ label: q.type === 'Video' ? 'Video (default)' : q.type });
    if (q.type === 'Text') {
      await region.getByLabel('Minimum words').fill('3');
      await region.getByLabel('Maximum words').fill('60');
    }
    if ('options' in q) {
      for (const [j, label] of q.options.entries()) {
        if (j >= 2) await region.getByRole('button', { name: 'Add an option' }).click();
        await region.getByRole('textbox', { name: `Option ${j + 1}`, exact: true }).fill(label);
        if ('knockout' in q && q.knockout === label) {
          // Amplify's checkbox draws its own box over a visually hidden input: a person clicks the box's label.
          await region.getByText('Knockout', { exact: true }).nth(j).click();
          expect(await region.getByRole('checkbox', { name: `Option ${j + 1} knocks out` }).isChecked()).toBe(true);
        }
      }
    }
    // The preview shows what the candidate will see for the type.
    await region.getByRole('figure', { name: `Preview of the answer to question ${i + 1}` }).waitFor();
  }
  // A knockout option makes the position say what a knockout does.
  await step2.getByText('End the interview with a message', { exact: true }).click();
  await step2.getByLabel('Message to the candidate').fill(KNOCKOUT_MESSAGE);
  await expectAccessible(page, 'wizard: questions of every answer type');
  await step2.getByRole('button', { name: 'Next' }).click();
  const step3 = page.getByRole('region', { name: 'Adjust the pacing' });
  // The estimate counts every answer type.
  await step3
    .getByLabel('Thinking time')
    .selectOption({ label: 'Unlimited' })
    .catch(() => undefined);
  await step3.getByRole('button', { name: 'Finish' }).click();
  await page.waitForURL(/#\/companies\/[^/]+\/positions\/[^/?]+\?celebrate=true$/);
  return /positions\/([^/?]+)\?/.exec(page.url())![1]!;
};

/** The visible h1 once it is one of `texts`. */
const headingAmong = async (page: FirefoxPage, texts: string[]) => {
  await page.waitForFunction(
    (expected: string[]) =>
      Array.from(document.querySelectorAll('h1')).some((h) => h.getClientRects().length > 0 && expected.includes(h.textContent?.trim() ?? '')),
    { timeout: 15_000, polling: 100 },
    texts,
  );
  return page.evaluate(
    () =>
      Array.from(document.querySelectorAll('h1'))
        .find((h) => h.getClientRects().length > 0)
        ?.textContent?.trim() ?? '',
  );
};

/** Firefox, keyboard alone: the device check if the interview asks for it first, then the text and the two choice questions. */
const answerTypedInFirefox = async (page: FirefoxPage) => {
  if ((await headingAmong(page, [QUESTIONS[0].title, 'Camera and microphone check', 'Microphone check'])) !== QUESTIONS[0].title) {
    await activate(page, /^Turn on/, ' ');
    await page.waitForFunction(() => Array.from(document.querySelectorAll('button')).some((b) => b.textContent === 'Continue' && !b.disabled), {
      timeout: 15_000,
      polling: 100,
    });
    await activate(page, 'Continue');
  }
  await waitForHeading(page, QUESTIONS[0].title);
  await expectAccessibleInFirefox(page, 'answer types: text in Firefox');
  await tabTo(page, 'Your answer');
  await page.keyboard.type(TEXT);
  await activate(page, 'Submit answer');
  await waitForHeading(page, QUESTIONS[1].title);
  await expectAccessibleInFirefox(page, 'answer types: single choice in Firefox');
  await activate(page, 'Yes', ' ');
  await activate(page, 'Submit answer');
  await waitForHeading(page, QUESTIONS[2].title);
  await expectAccessibleInFirefox(page, 'answer types: multiple choice in Firefox');
  await activate(page, 'Lunch', ' ');
  await activate(page, 'Dinner', ' ');
  await activate(page, 'Submit answer');
  await waitForHeading(page, QUESTIONS[3].title);
};

/** The device check, where the interview asks for it before the question titled `next` (it has recordings to come). */
const passDeviceCheck = async (page: Page, next: string) => {
  const check = page.getByRole('button', { name: /^Turn on/ });
  const question = page.getByRole('heading', { name: next });
  await Promise.race([question.waitFor(), check.waitFor()]);
  if (await check.isVisible()) {
    await check.click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await question.waitFor();
};

/** Records a take of about 2 s on the question shown, and submits it. */
const recordAndSubmit = async (page: Page, label: string) => {
  await page.getByRole('button', { name: 'Start recording' }).click();
  await recordFor(page, 2);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expectAccessible(page, `answer types: ${label} recorded`);
  await page.getByRole('button', { name: 'Submit answer' }).click();
};

describe('every answer type (issue 39)', () => {
  it('a team builds an interview of every type with a knockout; one candidate answers all, one is knocked out; the team reviews and exports both', async () => {
    const owner = await signedInOwner(browser, 'Answer Types Kitchen');
    const team = await owner.context.newPage();
    const teamErrors = trackErrors(team);
    const positionId = await buildInterview(team, owner.companyId);
    const { body: position } = await call('getPosition', { params: { positionId }, session: owner.sessionId });
    expect(position.interview.questions.map((q) => q.answer.answer_type)).toEqual([
      'text',
      'single_choice',
      'multiple_choice',
      'file',
      'audio',
      'video',
    ]);
    expect(position.interview.knockout).toEqual({ action: 'end', message: KNOCKOUT_MESSAGE });

    const invite = async (name: string) => {
      const { body } = await call('inviteCandidate', {
        params: { positionId },
        session: owner.sessionId,
        body: { candidate_name: name, email: null },
      });
      return { candidateId: body.candidate_id as string, href: body.interview_href as string };
    };
    const ada = await invite('Ada Allrounder');
    const kim = await invite('Kim Knockout');

    // Ada: the text and choices with the keyboard in Firefox…
    const fox = await firefox.createBrowserContext();
    const foxPage = await fox.newPage();
    const foxErrors = trackFirefoxErrors(foxPage);
    await foxPage.goto(ada.href);
    await waitForHeading(foxPage, 'Welcome, Ada Allrounder');
    await activate(foxPage, 'Start the interview');
    await answerTypedInFirefox(foxPage);
    expect(foxErrors).toEqual([]);
    await fox.close();

    // …then the file, the audio and the video in Chromium, where the interview goes on where she left it.
    const candidate = await browser.newContext({ permissions: ['camera', 'microphone'] });
    const page = await candidate.newPage();
    const candidateErrors = trackErrors(page);
    await page.goto(ada.href);
    await page.getByRole('button', { name: /^(Continue|Start) the interview$/ }).click();
    await passDeviceCheck(page, QUESTIONS[3].title);
    await page.getByLabel('Your file').setInputFiles({ name: 'ada-cv.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByRole('heading', { name: QUESTIONS[4].title }).waitFor();
    await page.getByRole('meter').waitFor();
    await expectAccessible(page, 'answer types: audio question');
    await recordAndSubmit(page, 'audio');
    await page.getByRole('heading', { name: QUESTIONS[5].title }).waitFor();
    await recordAndSubmit(page, 'video');
    await page.getByRole('heading', { name: 'Your interview is complete' }).waitFor({ timeout: 60_000 });
    expect(candidateErrors).toEqual([]);

    // Kim picks the knockout: the position's message, and the interview is over.
    await page.goto(kim.href);
    await page.getByRole('button', { name: 'Start the interview' }).click();
    await passDeviceCheck(page, QUESTIONS[0].title);
    await page.getByLabel('Your answer').fill('Because I cook every day');
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByRole('radio', { name: 'No' }).check();
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByTestId('knocked-out').getByText(KNOCKOUT_MESSAGE).waitFor();
    await expectAccessible(page, 'answer types: knocked out');
    await candidate.close();

    // The team: Kim is listed, knocked out, with why.
    expect(teamErrors).toEqual([]);
    await reviewAndExport(team, owner, positionId, ada.candidateId, kim.candidateId);
    await owner.context.close();
  }, 600_000);
});

/** The team's review of both candidates, the CSV export and the answer package (filled in as the team views land). */
const reviewAndExport = async (team: Page, owner: { sessionId: string; companyId: string }, positionId: string, adaId: string, kimId: string) => {
  const wait = async (candidateId: string) => {
    for (let i = 0; i < 240; i++) {
      const { body } = await call('getCandidate', { params: { candidateId }, session: owner.sessionId });
      if (body.answers?.every((a) => a.video === null || a.video.upload_status === 'ready')) return body;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`the answers of ${candidateId} were not processed`);
  };
  const adaBody = await wait(adaId);
  expect(adaBody.current_status).toBe('responded');
  expect(adaBody.answers.map((a) => a.answer_type)).toEqual(['text', 'single_choice', 'multiple_choice', 'file', 'audio', 'video']);
  const kimBody = await wait(kimId);
  expect(kimBody.current_status).toBe('responded');
  expect(kimBody.knockout).toMatchObject({ question_index: 1, option_labels: ['No'], ended: true });

  // Ada's page: each answer in its form.
  await team.goto(appUrl(paths.candidate.to(owner.companyId, positionId, adaId)));
  await team.getByRole('heading', { name: 'Ada Allrounder' }).waitFor();
  await team.getByTestId('text-answer').filter({ hasText: 'a clean station' }).waitFor();
  await expectAccessible(team, 'answer types: the team reads a text answer');
  // Kim's page says why the interview ended.
  await team.goto(appUrl(paths.candidate.to(owner.companyId, positionId, kimId)));
  await team.getByTestId('knockout').filter({ hasText: 'No' }).waitFor();
  await expectAccessible(team, 'answer types: a knocked-out candidate');

  // The CSV export holds every answer in words.
  const csv = await call('exportCandidates', { params: { positionId }, session: owner.sessionId });
  expect(csv.status).toBe(200);
  for (const words of ['a clean station', 'Yes', 'Lunch; Dinner', 'ada-cv.pdf']) expect(JSON.stringify(csv.body)).toContain(words);
  expect(JSON.stringify(csv.body)).toContain('Kim Knockout');

  // The answer package holds every answer: the text, the choices in its index, the file, the audio and the video.
  expect((await call('createAnswerPackage', { params: { candidateId: adaId }, session: owner.sessionId })).status).toBe(202);
  let done: any;
  for (let i = 0; i < 480; i++) {
    done = (await call('getCandidate', { params: { candidateId: adaId }, session: owner.sessionId })).body.answer_package;
    if (done.package_status !== 'generating') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(done).toMatchObject({ package_status: 'completed', left_out_answers: [] });
  const names = (await zipEntries(Buffer.from(await (await fetch(done.download_href)).arrayBuffer()))).map((e) => e.name);
  expect(names).toHaveLength(5); // the index, the text, the file, the audio, the video (the choices are in the index)
  expect(names.some((n) => n.endsWith('.pdf'))).toBe(true);
  expect(names.some((n) => n.endsWith('.m4a'))).toBe(true);
  expect(names.some((n) => n.endsWith('.mp4'))).toBe(true);
};
