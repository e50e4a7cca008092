import { describe, expect, it } from 'vitest';
import { registerAndSignIn } from '../support/accounts';
import { call } from '../support/api';
import { interviewFixture, seedAnswerSpecs } from '../support/interviews';
import { activate, expectAccessibleInFirefox, tabTo, trackFirefoxErrors, useFirefox, waitForHeading } from './support/firefox';

/**
 * Issue 39: the answers that are not recordings with the keyboard alone in Firefox (Debian's
 * Firefox ESR over WebDriver BiDi, test/e2e/support/firefox.ts), as the video interview is
 * (firefox.e2e.test.ts): a text answer typed and submitted, a single choice picked with the arrow
 * keys, a multiple choice with Space, and the file picker reached and opened with the keyboard, the
 * file itself set through the driver (a native file dialog is the browser's, not the page's). No
 * click anywhere; axe in Firefox on each screen. The team's API then reads every answer.
 */
const firefox = useFirefox();

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

describe('text, choice and file answers in Firefox (issue 39)', () => {
  it('are answered with the keyboard alone, and the team reads them', async () => {
    const owner = await registerAndSignIn('Firefox Typed Co');
    const { body: position } = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: {
        job_title: 'Dispatcher',
        interview: interviewFixture({ questions: ['Why dispatching?', 'When can you start?', 'Which shifts suit you?', 'Your CV'] }),
      },
    });
    // Seeded as stored (quicker than the editor; the API takes them too).
    await seedAnswerSpecs(position.position_id, [
      { answerType: 'text', minWords: 2, maxWords: 30 },
      {
        answerType: 'single_choice',
        options: [
          { optionId: 'now', label: 'Now', knockout: false },
          { optionId: 'month', label: 'Within a month', knockout: false },
          { optionId: 'later', label: 'Later', knockout: false },
        ],
      },
      {
        answerType: 'multiple_choice',
        options: [
          { optionId: 'early', label: 'Early', knockout: false },
          { optionId: 'late', label: 'Late', knockout: false },
          { optionId: 'night', label: 'Night', knockout: false },
        ],
        minPicked: 1,
        maxPicked: null,
      },
      { answerType: 'file' },
    ]);
    const invited = await call('inviteCandidate', {
      params: { positionId: position.position_id },
      session: owner.sessionId,
      body: { candidate_name: 'Kit Keys', email: null },
    });
    expect(invited.status).toBe(201);

    const context = await firefox.createBrowserContext();
    const page = await context.newPage();
    const errors = trackFirefoxErrors(page);
    await page.goto(invited.body.interview_href);
    await waitForHeading(page, 'Welcome, Kit Keys');
    await activate(page, 'Start the interview');

    // Text: typed into the field reached with Tab, submitted with Enter on the button.
    await waitForHeading(page, 'Why dispatching?');
    await expectAccessibleInFirefox(page, 'Firefox text answer');
    await tabTo(page, 'Your answer');
    await page.keyboard.type('I like keeping a busy day\nin order.');
    await page.waitForFunction(() => document.querySelector('[data-testid="word-count"]')?.textContent?.startsWith('8 words'), {
      timeout: 5_000,
      polling: 100,
    });
    await activate(page, 'Submit answer');

    // Single choice: radios; Tab reaches the group, the arrow keys move the choice.
    await waitForHeading(page, 'When can you start?');
    await expectAccessibleInFirefox(page, 'Firefox single choice');
    await tabTo(page, 'Now');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value)).toBe('month');
    await activate(page, 'Submit answer');

    // Multiple choice: checkboxes, each toggled with Space.
    await waitForHeading(page, 'Which shifts suit you?');
    await expectAccessibleInFirefox(page, 'Firefox multiple choice');
    await activate(page, 'Early', ' ');
    await activate(page, 'Night', ' ');
    await activate(page, 'Submit answer');

    // File: the styled picker is a control the keyboard reaches (its input is the labelled one).
    await waitForHeading(page, 'Your CV');
    await expectAccessibleInFirefox(page, 'Firefox file answer');
    await tabTo(page, /Your file/);
    const input = await page.$('input[type="file"]');
    await input!.uploadFile(await writePdf());
    await page.waitForFunction(() => document.querySelector('[data-testid="chosen-file"]')?.textContent === 'cv.pdf (1 KB)', {
      timeout: 10_000,
      polling: 100,
    });
    await activate(page, 'Submit answer');
    await waitForHeading(page, 'Your interview is complete', 30_000);
    await expectAccessibleInFirefox(page, 'Firefox interview complete');
    expect(errors).toEqual([]);
    await context.close();

    // The team reads every answer in its form.
    const { body: candidate } = await call('getCandidate', { params: { candidateId: invited.body.candidate_id }, session: owner.sessionId });
    expect(candidate.current_status).toBe('responded');
    const byType = Object.fromEntries(candidate.answers.map((a) => [a.answer_type, a] as const));
    expect(byType.text.text).toBe('I like keeping a busy day\nin order.');
    expect(byType.single_choice!.choices!.filter((c) => c.picked).map((c) => c.label)).toEqual(['Within a month']);
    expect(byType.multiple_choice!.choices!.filter((c) => c.picked).map((c) => c.label)).toEqual(['Early', 'Night']);
    expect(byType.file.file).toMatchObject({ file_name: 'cv.pdf', content_type: 'application/pdf', size: pdf.length });
  }, 180_000);
});

/** The PDF as a file on disk, named as a candidate's would be (puppeteer uploads paths). */
const writePdf = async () => {
  const { mkdtemp, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'cv-')), 'cv.pdf');
  await writeFile(file, pdf);
  return file;
};
