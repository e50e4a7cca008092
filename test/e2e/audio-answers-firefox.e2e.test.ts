import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { registerAndSignIn } from '../support/accounts';
import { call } from '../support/api';
import { interviewFixture, seedAnswerSpecs } from '../support/interviews';
import { activate, expectAccessibleInFirefox, trackFirefoxErrors, useFirefox, waitForHeading } from './support/firefox';

/**
 * Issue 39: an audio-only answer with the keyboard alone in Firefox (Debian's Firefox ESR over
 * WebDriver BiDi, test/e2e/support/firefox.ts, with its fake devices): the microphone check, a take
 * recorded in one of Firefox's audio formats with the level meter in place of the camera, played
 * back in an audio player and submitted; the team gets it processed into audio. No click anywhere;
 * axe in Firefox on each screen. The position is seeded (the wizard builds one in answer-types.e2e).
 */
const firefox = useFirefox();

/** The seconds the recording clock shows (`0:03 / 0:30` → 3), or -1 while there is none. */
const recordedSeconds = (page: Page) =>
  page.evaluate(() => {
    const match = /(\d+):(\d\d) \//.exec(document.querySelector('[role="timer"][aria-label="Recording time"]')?.textContent ?? '');
    return match ? Number(match[1]) * 60 + Number(match[2]) : -1;
  });

const present = (page: Page, selector: string, timeout = 15_000) =>
  page.waitForFunction((css: string) => document.querySelector(css) !== null, { timeout, polling: 100 }, selector);

describe('an audio-only answer in Firefox (issue 39)', () => {
  it('is recorded with the keyboard alone, and the team gets it as audio', async () => {
    const owner = await registerAndSignIn('Firefox Audio Co');
    const { body: position } = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: {
        job_title: 'Narrator',
        interview: interviewFixture({ questions: ['Read us a line you like'], pacing: { thinking_time: null, answer_time: 30, retakes: 0 } }),
      },
    });
    await seedAnswerSpecs(position.position_id, [{ answerType: 'audio' }]);
    const invited = await call('inviteCandidate', {
      params: { positionId: position.position_id },
      session: owner.sessionId,
      body: { candidate_name: 'Nell Narrator', email: null },
    });
    expect(invited.status).toBe(201);

    const context = await firefox.createBrowserContext();
    const page = await context.newPage();
    const errors = trackFirefoxErrors(page);
    await page.goto(invited.body.interview_href);
    expect(await page.evaluate(() => navigator.userAgent)).toMatch(/Firefox\/\d+/);
    await waitForHeading(page, 'Welcome, Nell Narrator');
    await activate(page, 'Start the interview');

    // The microphone alone.
    await waitForHeading(page, 'Microphone check');
    await activate(page, 'Turn on microphone', ' ');
    await present(page, '[role="meter"]');
    expect(await page.evaluate(() => document.querySelectorAll('video').length)).toBe(0);
    await expectAccessibleInFirefox(page, 'Firefox audio interview: microphone check');
    await activate(page, 'Continue');

    await waitForHeading(page, 'Read us a line you like');
    await present(page, '[role="meter"]');
    await expectAccessibleInFirefox(page, 'Firefox audio interview: question');
    await activate(page, 'Start recording');
    await expect.poll(() => recordedSeconds(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await expectAccessibleInFirefox(page, 'Firefox audio interview: recording');
    await activate(page, 'Stop recording');
    await present(page, 'audio[aria-label="Your answer"]');
    await page.waitForFunction(() => Array.from(document.querySelectorAll('button')).some((b) => b.textContent === 'Submit answer'), {
      timeout: 15_000,
      polling: 100,
    });
    await expectAccessibleInFirefox(page, 'Firefox audio interview: review');
    await activate(page, 'Submit answer');
    await waitForHeading(page, 'Your interview is complete', 30_000);

    const candidateId = invited.body.candidate_id as string;
    let answers: { answer_type: string; video: { upload_status: string; variants: { content_type: string }[] } | null }[] = [];
    await expect
      .poll(
        async () => {
          answers = (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body.answers ?? [];
          return answers[0]?.video?.upload_status ?? 'none';
        },
        { timeout: 120_000, interval: 1000 },
      )
      .toBe('ready');
    expect(answers.map((a) => [a.answer_type, a.video?.variants.map((v) => v.content_type)])).toEqual([['audio', ['audio/mp4']]]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
