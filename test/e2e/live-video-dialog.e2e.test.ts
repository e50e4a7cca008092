import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import { call } from '../support/api';
import { interviewFixture, tokenFromHref } from '../support/interviews';
import { expectAccessible } from './support/accessibility';
import { appUrl, trackErrors, useBrowser } from './support/browser';
import { signedInOwner } from './support/session';

/**
 * Issue 30, the team's side: where the browser cannot record (no MediaRecorder), the video dialog
 * records a question video live through the live-recording service (the local IVS/WHIP stand-in),
 * which the server processes itself; the question then shows the MP4 with the thumbnail the
 * pipeline made of it (there is no locally grabbed PNG).
 */
const browser = useBrowser();

const QUESTION = 'Why do you want to sail with us?';

/** The seconds "Your video is recorded (m:ss)." names. */
const shownSeconds = async (page: Page) => {
  const text = (await page.getByText(/^Your video is recorded \(\d+:\d\d\)\.$/).textContent()) ?? '';
  const [, minutes, seconds] = /\((\d+):(\d\d)\)/.exec(text) ?? [];
  return Number(minutes) * 60 + Number(seconds);
};

/** The recording clock's seconds ("● m:ss / m:ss"). */
const timerSeconds = async (page: Page) => {
  const match = /(\d+):(\d\d) \//.exec((await page.getByRole('timer', { name: 'Recording time' }).textContent()) ?? '');
  return match ? Number(match[1]) * 60 + Number(match[2]) : -1;
};

/** The focused element's text, to follow the keyboard. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('live video dialog', () => {
  it('records a question video live in a browser without MediaRecorder, and the question shows it processed with a thumbnail', async () => {
    const owner = await signedInOwner(browser, 'Live Video Co');
    const { body: created } = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Deckhand', interview: interviewFixture({ questions: [QUESTION] }) },
    });
    const positionId = created.position_id as string;

    await owner.context.addInitScript(() => {
      delete (window as { MediaRecorder?: unknown }).MediaRecorder;
    });
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
    await page.goto(appUrl(paths.position.to(owner.companyId, positionId, { view: 'questions' })));
    expect(await page.evaluate(() => typeof (window as { MediaRecorder?: unknown }).MediaRecorder)).toBe('undefined');

    const question = page.getByRole('region', { name: 'Question 1' });
    await question.getByRole('button', { name: 'Add video', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Record or upload a video' });
    // Recording is offered (live), not only an upload.
    const start = dialog.getByRole('button', { name: 'Start recording' });
    await start.and(page.locator(':not([disabled])')).waitFor();
    await expectAccessible(page, 'live video dialog: camera');

    // The offer is held until "Connecting…" has been checked, then goes on to the service.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/recordings/*/start', async (route) => {
      await held;
      await route.continue();
    });
    // Keyboard: Start, then (once live) Stop has the focus.
    await start.focus();
    await page.keyboard.press('Enter');
    await dialog.getByLabel('Recording starts in 3').waitFor();
    const connecting = dialog.getByRole('status').filter({ hasText: 'Connecting…' });
    await connecting.waitFor({ timeout: 30_000 });
    expect(await connecting.getAttribute('aria-live')).toBe('polite');
    await expectAccessible(page, 'live video dialog: connecting');
    const releasedAt = Date.now();
    release();

    const stop = dialog.getByRole('button', { name: 'Stop recording' });
    await dialog.getByRole('timer', { name: 'Recording time' }).waitFor({ timeout: 30_000 });
    const liveAt = Date.now();
    await page.unroute('**/api/v1/recordings/*/start');
    expect(await connecting.count()).toBe(0);
    // The team's maximum length is on the clock.
    expect(await dialog.getByRole('timer', { name: 'Recording time' }).textContent()).toMatch(/\/ 10:00$/);
    await expect.poll(() => focusedText(page)).toBe('Stop recording');
    await expectAccessible(page, 'live video dialog: recording');
    await expect.poll(() => timerSeconds(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
    const stoppedAt = Date.now();
    await page.keyboard.press('Enter');
    await stop.waitFor({ state: 'detached', timeout: 40_000 });

    // Nothing to play back locally: the length, Record again and Save (which has the focus).
    await dialog.getByText(/^Your video is recorded/).waitFor();
    const stopDoneAt = Date.now();
    // The recording holds at least what the clock showed, and at most the time from the offer to the end
    // of Stop (the connection comes up a moment before the timer shows; longer on a busy machine). The
    // length is shown in whole seconds.
    const recordedSeconds = await shownSeconds(page);
    expect(recordedSeconds).toBeGreaterThanOrEqual((stoppedAt - liveAt) / 1000 - 1.5);
    expect(recordedSeconds).toBeLessThanOrEqual((stopDoneAt - releasedAt) / 1000);
    expect(await dialog.getByLabel('Your video').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Record again' }).waitFor();
    await expect.poll(() => focusedText(page)).toBe('Save video');
    await expectAccessible(page, 'live video dialog: recorded');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });

    // Recorded through the service: no upload of a video or a thumbnail, no completion call.
    const liveCalls = requests
      .filter((p) => /^(POST \/api\/v1\/user-recordings|PUT \/api\/v1\/recordings\/[^/]+\/(start|stop))$/.test(p))
      .map((p) => p.replace(/recordings\/[^/]+\//, 'recordings/{id}/'));
    expect(liveCalls).toEqual(['POST /api/v1/user-recordings', 'PUT /api/v1/recordings/{id}/start', 'PUT /api/v1/recordings/{id}/stop']);
    expect(requests.filter((p) => /media-uploads/.test(p))).toEqual([]);

    // The server processes it: Processing..., then the MP4 with the pipeline's thumbnail as its poster.
    const save = page.getByRole('button', { name: 'Save changes' });
    await question.getByText('Processing...').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await expectAccessible(page, 'position: questions, a live video processing');
    const video = question.locator('video[aria-label="Video of question 1"]');
    await video.waitFor({ timeout: 180_000 });
    const poster = await video.getAttribute('poster');
    expect(poster).toBeTruthy();
    const png = new Uint8Array(await (await fetch(poster!)).arrayBuffer());
    expect(Buffer.from(png.subarray(1, 4)).toString('latin1')).toBe('PNG');
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('video[aria-label="Video of question 1"]');
      return v !== null && v.readyState >= 1;
    });
    expect(Math.abs((await video.evaluate((v: HTMLVideoElement) => v.duration)) - recordedSeconds)).toBeLessThanOrEqual(1.5);
    await expectAccessible(page, 'position: questions, a live video ready');

    await save.click();
    const saved = async () => (await call('getPosition', { params: { positionId }, session: owner.sessionId })).body.interview.questions[0];
    await expect.poll(async () => Boolean((await saved())?.video_group_id), { timeout: 15_000 }).toBe(true);
    const { video_group_id: videoGroupId, thumbnail_image_group_id: thumbnailGroupId } = (await saved())!;
    expect(thumbnailGroupId).toBeNull();
    const group = (await call('getMediaUploadGroups', { params: { mediaGroupIds: videoGroupId! }, session: owner.sessionId })).body
      .media_upload_groups[0];
    expect(group).toMatchObject({ upload_status: 'ready', variants: [{ content_type: 'video/mp4' }] });
    expect(group?.thumbnail?.variants[0]?.content_href).toBeTruthy();

    // The candidate watches it with the same thumbnail as its poster.
    const invited = await call('inviteCandidate', {
      params: { positionId },
      session: owner.sessionId,
      body: { candidate_name: 'Ed Watcher', email: null },
    });
    expect(invited.status).toBe(201);
    const { body: interview } = await call('getInterview', { params: { token: tokenFromHref(invited.body.interview_href as string) } });
    expect(interview.questions[0]?.video).toMatchObject({ content_type: 'video/mp4' });
    expect(interview.questions[0]?.video?.thumbnail_href).toBeTruthy();

    expect(errors).toEqual([]);
    await owner.context.close();
  }, 300_000);

  it('says when the service cannot be reached (Safari 14.3 or older: that it cannot record), and stops a take left by Cancel', async () => {
    const owner = await signedInOwner(browser, 'Live Video Refusals Co');
    await owner.context.close();
    const { body: created } = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Navigator', interview: interviewFixture({ questions: [QUESTION] }) },
    });
    const positionId = created.position_id as string;

    const openDialog = async (userAgent?: string) => {
      const context = await browser.newContext(userAgent ? { userAgent } : {});
      await context.addInitScript((id) => {
        window.localStorage.setItem('session_id', id);
        delete (window as { MediaRecorder?: unknown }).MediaRecorder;
      }, owner.sessionId);
      const page = await context.newPage();
      await page.route('**/api/v1/user-recordings', (route) => route.abort('connectionrefused'));
      await page.goto(appUrl(paths.position.to(owner.companyId, positionId, { view: 'questions' })));
      await page.getByRole('region', { name: 'Question 1' }).getByRole('button', { name: 'Add video', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Record or upload a video' });
      const start = dialog.getByRole('button', { name: 'Start recording' });
      await start.and(page.locator(':not([disabled])')).waitFor();
      await start.click();
      return { context, page, dialog, start };
    };

    // The service cannot be reached: nothing recorded, and Start (focused) tries again.
    const { context, page, dialog, start } = await openDialog();
    await dialog.getByRole('alert').filter({ hasText: 'Unable to connect to recorder' }).waitFor({ timeout: 30_000 });
    expect(await dialog.getByRole('timer', { name: 'Recording time' }).count()).toBe(0);
    await start.and(page.locator(':not([disabled])')).waitFor();
    await expect.poll(() => focusedText(page)).toBe('Start recording');
    await expectAccessible(page, 'live video dialog: cannot connect');

    // Reachable again: a take goes live; Cancel leaves it and the service is told to stop it.
    await page.unroute('**/api/v1/user-recordings');
    const stopped = page.waitForRequest((request) => request.method() === 'PUT' && /\/api\/v1\/recordings\/[^/]+\/stop$/.test(request.url()), {
      timeout: 30_000,
    });
    await page.keyboard.press('Enter');
    await dialog.getByRole('timer', { name: 'Recording time' }).waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await stopped;
    expect(await page.getByRole('region', { name: 'Question 1' }).locator('video').count()).toBe(0);
    await context.close();

    // Safari 14.0: no MediaRecorder, and the live service cannot connect either (spec §8).
    const safari = await openDialog(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.0 Safari/605.1.15',
    );
    await safari.dialog.getByRole('alert').filter({ hasText: 'Unable to record media on this version of Safari.' }).waitFor({ timeout: 30_000 });
    await expectAccessible(safari.page, 'live video dialog: old Safari');
    await safari.context.close();
  }, 180_000);
});
