import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { registerAndSignIn } from '../support/accounts';
import { call } from '../support/api';
import { interviewFixture, interviewLinkMailedTo } from '../support/interviews';
import { activate, expectAccessibleInFirefox, trackFirefoxErrors, useFirefox, waitForHeading } from './support/firefox';

/**
 * Issue 25: the candidate's interview works with the keyboard alone in Firefox as in Chromium.
 * Debian's Firefox ESR over WebDriver BiDi (test/e2e/support/firefox.ts); no click anywhere: the
 * focus moves with Tab and controls are pressed with Enter or Space.
 */
const firefox = useFirefox();

/** HTMLMediaElement.HAVE_CURRENT_DATA: the video has a frame to show. */
const HAVE_CURRENT_DATA = 2;

/** Waits until the visible video labelled `label` has a frame to show. */
const waitForVideo = (page: Page, label: string, timeout = 15_000) =>
  page.waitForFunction(
    (name: string, ready: number) =>
      Array.from(document.querySelectorAll<HTMLVideoElement>(`video[aria-label="${name}"]`)).some((video) => video.readyState >= ready),
    { timeout, polling: 100 },
    label,
    HAVE_CURRENT_DATA,
  );

/** The seconds the recording clock shows (`0:03 / 0:30` → 3), or -1 while there is none. */
const recordedSeconds = (page: Page) =>
  page.evaluate(() => {
    const match = /(\d+):(\d\d) \//.exec(document.querySelector('[role="timer"][aria-label="Recording time"]')?.textContent ?? '');
    return match ? Number(match[1]) * 60 + Number(match[2]) : -1;
  });

const interview = interviewFixture({
  questions: [{ title: 'Tell us about a customer you helped', content: 'What did you do, and what came of it?' }],
  pacing: { thinking_time: null, answer_time: 30, retakes: 0 },
});

describe('the candidate interview in Firefox', () => {
  it('is answered with the keyboard alone: welcome, camera check, one recorded answer, confirmation; the team gets it processed', async () => {
    const owner = await registerAndSignIn('Firefox Co');
    const { body: created } = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Support agent', interview },
    });
    const positionId = created.position_id as string;
    const email = `ada-${Date.now()}@example.com`;
    const invited = await call('inviteCandidate', {
      params: { positionId },
      session: owner.sessionId,
      body: { candidate_name: 'Ada Lovelace', email },
    });
    expect(invited.status).toBe(201);
    const link = await interviewLinkMailedTo(email);

    const context = await firefox.createBrowserContext();
    const page = await context.newPage();
    const errors = trackFirefoxErrors(page);
    await page.goto(link);
    expect(await page.evaluate(() => navigator.userAgent)).toMatch(/Firefox\/\d+/);

    // Welcome.
    await waitForHeading(page, 'Welcome, Ada Lovelace');
    await expectAccessibleInFirefox(page, 'Firefox interview: welcome');
    await activate(page, 'Start the interview');

    // Camera and microphone check: Space this time, as a keyboard user may press a button either way.
    await waitForHeading(page, 'Camera and microphone check');
    await activate(page, 'Turn on camera and microphone', ' ');
    await waitForVideo(page, 'Camera preview');
    await expectAccessibleInFirefox(page, 'Firefox interview: camera check, camera on');
    await activate(page, 'Continue');

    // The question: record about 3 s after the countdown, stop, submit.
    await waitForHeading(page, 'Tell us about a customer you helped');
    await expectAccessibleInFirefox(page, 'Firefox interview: question');
    const format = await page.evaluate(
      () =>
        ['video/mp4', 'video/x-matroska', 'video/webm', 'video/ogg'].find(
          (type) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type),
        ) ?? null,
    );
    expect(format).not.toBeNull();
    await activate(page, 'Start recording');
    await expect.poll(() => recordedSeconds(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(0);
    await expect.poll(() => recordedSeconds(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await activate(page, 'Stop recording');
    await waitForVideo(page, 'Your answer');
    // Submit reads "Uploading… n%" until the take is at S3.
    await page.waitForFunction(() => Array.from(document.querySelectorAll('button')).some((b) => b.textContent === 'Submit answer'), {
      timeout: 15_000,
      polling: 100,
    });
    await activate(page, 'Submit answer');
    await waitForHeading(page, 'Your interview is complete', 30_000);
    await expectAccessibleInFirefox(page, 'Firefox interview: complete');

    // The team's side: the candidate responded, and the answer is processed by the local pipeline.
    const candidateId = invited.body.candidate_id as string;
    let detail: any;
    for (let i = 0; i < 180; i++) {
      detail = (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body;
      if (detail.answers?.length === 1 && detail.answers[0].video.upload_status !== 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(detail.current_status).toBe('responded');
    expect(detail.answers).toHaveLength(1);
    expect(detail.answers[0].video.upload_status).toBe('ready');
    // Recorded in the container Firefox's MediaRecorder offers first, about as long as the take.
    const group = (
      await call('getMediaUploadGroups', { params: { mediaGroupIds: detail.answers[0].video.video_group_id }, session: owner.sessionId })
    ).body.media_upload_groups[0]!;
    expect(group.content_type).toBe(format);
    expect(group.duration_millis).toBeGreaterThanOrEqual(2_500);

    expect(errors).toEqual([]);
    await context.close();
  });
});
