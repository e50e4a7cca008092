import { DisconnectParticipantCommand, IVSRealTimeClient } from '@aws-sdk/client-ivs-realtime';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { operations } from '../../lambdas/operations/index';
import { paths } from '../../lambdas/contracts/app-paths';
import { call, isResponseTo } from '../support/api';
import { localEnv } from '../support/aws';
import { interviewFixture } from '../support/interviews';
import { makeSpeech } from '../support/media';
import { expectAccessible } from './support/accessibility';
import { appUrl, trackErrors, useBrowser } from './support/browser';
import { signedInOwner } from './support/session';

/**
 * Issue 30: where the browser cannot record (no MediaRecorder) or the local setting forces it, the
 * candidate's answer is streamed live to the live-recording service (the local IVS/WHIP stand-in)
 * and becomes the same processed MP4, captions and transcript as an uploaded answer.
 */
const browser = useBrowser(async () => [`--use-file-for-fake-audio-capture=${await makeSpeech('i learned to sail one summer on a small lake')}`]);

/** The force-recorder-service flag of spec §3's local storage (web/src/lib/recorder.ts). */
const FORCE_RECORDER_SERVICE_KEY = 'force_recorder_service';

const QUESTION = 'Tell us about something you learned recently';
const interview = interviewFixture({
  questions: [{ title: QUESTION, content: 'Take your time.' }],
  pacing: { thinking_time: null, answer_time: 30, retakes: 1 },
});

const invitedCandidate = async (owner: Awaited<ReturnType<typeof signedInOwner>>, jobTitle: string, candidateName: string) => {
  const { body: created } = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: jobTitle, interview },
  });
  const positionId = created.position_id as string;
  const invited = await call('inviteCandidate', {
    params: { positionId },
    session: owner.sessionId,
    body: { candidate_name: candidateName, email: null },
  });
  expect(invited.status).toBe(201);
  return { positionId, candidateId: invited.body.candidate_id as string, href: invited.body.interview_href as string };
};

/** The API operations the page called, by id, in order. */
const apiCallsOf = (page: Page): string[] => {
  const seen: string[] = [];
  const routes = Object.entries(operations).map(([id, op]) => ({
    id,
    method: op.method,
    pattern: new RegExp(`^/api/v1${op.path.replace(/\{\w+\}/g, '[^/]+')}$`),
  }));
  page.on('request', (request: Request) => {
    const pathname = new URL(request.url()).pathname;
    const route = routes.find((r) => r.method === request.method() && r.pattern.test(pathname));
    if (route) seen.push(route.id);
  });
  return seen;
};

/** Waits until the recording clock shows at least `seconds`. */
const recordFor = async (page: Page, seconds: number) => {
  const timer = page.getByRole('timer', { name: 'Recording time' });
  const shown = async () => {
    const match = /(\d+):(\d\d) \//.exec((await timer.textContent()) ?? '');
    return match ? Number(match[1]) * 60 + Number(match[2]) : -1;
  };
  await expect.poll(shown, { timeout: 30_000 }).toBeGreaterThanOrEqual(seconds);
};

/** From the welcome page through the camera check to the question. */
const toTheQuestion = async (page: Page, candidateName: string, checkAccessibility: boolean) => {
  await page.getByRole('heading', { name: `Welcome, ${candidateName}` }).waitFor();
  await page.getByRole('button', { name: 'Start the interview' }).click();
  // The camera check needs only getUserMedia: it works in live mode too.
  await page.getByRole('button', { name: 'Turn on camera and microphone' }).click();
  await page.getByLabel('Camera preview').waitFor();
  if (checkAccessibility) await expectAccessible(page, 'live interview: camera check, camera on');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: QUESTION }).waitFor();
};

/** The seconds a review's "Your answer is recorded (m:ss)." names. */
const recordedText = (page: Page) => page.getByText(/^Your answer is recorded \(\d+:\d\d\)\.$/);
const shownSeconds = async (page: Page) => {
  const [, minutes, seconds] = /\((\d+):(\d\d)\)/.exec((await recordedText(page).textContent()) ?? '') ?? [];
  return Number(minutes) * 60 + Number(seconds);
};

/**
 * Drops a live take from the service's side, as IVS's DisconnectParticipant does: the participant is
 * revoked, so its connection ends and no new offer of it is taken. The stage and participant come
 * from the take's space token, which the local stand-in signs as a JWT naming them
 * (lib/local/ivs/tokens.ts).
 */
const disconnectParticipant = async (spaceToken: string) => {
  const claims = JSON.parse(Buffer.from(spaceToken.split('.')[1]!, 'base64url').toString('utf8')) as { stageArn: string; participantId: string };
  const env = localEnv();
  const ivs = new IVSRealTimeClient({
    endpoint: env.AWS_ENDPOINT_URL_IVS_REALTIME,
    region: env.AWS_REGION,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
  });
  await ivs.send(
    new DisconnectParticipantCommand({ stageArn: claims.stageArn, participantId: claims.participantId, reason: 'e2e: dropped connection' }),
  );
};

/** Polls the team's view until the answer is processed, captions and transcript included (or failed). */
const processedAnswer = async (owner: Awaited<ReturnType<typeof signedInOwner>>, candidateId: string) => {
  const state = async () => {
    const [candidate, transcripts] = await Promise.all([
      call('getCandidate', { params: { candidateId }, session: owner.sessionId }),
      call('getAnswerTranscripts', { params: { candidateId }, session: owner.sessionId }),
    ]);
    const video = candidate.body.answers?.[0]?.video;
    if (!video) return 'no answer';
    if (video.upload_status === 'failed') return 'failed';
    return video.upload_status === 'ready' &&
      video.captions?.captions_status === 'ready' &&
      transcripts.body.answer_transcripts?.[0]?.transcript_status === 'completed'
      ? 'ready'
      : 'processing';
  };
  await expect.poll(state, { timeout: 240_000, interval: 1000 }).toMatch(/^(ready|failed)$/);
  expect(await state()).toBe('ready');
};

describe('live recording', () => {
  it('answers live in a browser without MediaRecorder, and the team plays the MP4 with captions and transcript', async () => {
    const owner = await signedInOwner(browser, 'Live Recording Co');
    const { positionId, candidateId, href } = await invitedCandidate(owner, 'Sailing instructor', 'Ada Live');

    const context = await browser.newContext();
    await context.addInitScript(() => {
      delete (window as { MediaRecorder?: unknown }).MediaRecorder;
    });
    const page = await context.newPage();
    const errors = trackErrors(page);
    const apiCalls = apiCallsOf(page);
    await page.goto(href);
    expect(await page.evaluate(() => typeof (window as { MediaRecorder?: unknown }).MediaRecorder)).toBe('undefined');
    await toTheQuestion(page, 'Ada Live', true);
    await expectAccessible(page, 'live interview: question');

    // The offer is held until "Connecting…" has been checked, then goes on to the service.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/recordings/*/start', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.locator('.ir-countdown').waitFor();
    const connecting = page.getByRole('status').filter({ hasText: 'Connecting…' });
    await connecting.waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'live interview: connecting');
    const releasedAt = Date.now();
    release();

    const timer = page.getByRole('timer', { name: 'Recording time' });
    await timer.waitFor({ timeout: 30_000 });
    const liveAt = Date.now();
    await page.unroute('**/recordings/*/start');
    expect(await connecting.count()).toBe(0);
    await expectAccessible(page, 'live interview: recording');
    await recordFor(page, 4);
    const stoppedAt = Date.now();
    const stopResponse = page.waitForResponse((response) => /\/recordings\/[^/]+\/stop$/.test(response.url()), { timeout: 60_000 });
    await page.getByRole('button', { name: 'Stop recording' }).click();
    const stopped = (await (await stopResponse).json()) as { status: string; seconds: number | null };
    await recordedText(page).waitFor({ timeout: 30_000 });
    const stopDoneAt = Date.now();
    // The recording holds at least what the candidate's clock showed, and at most the time from the offer
    // to the end of Stop (the connection comes up a moment before the timer shows; longer on a busy
    // machine). The length shown, in whole seconds, is the one the service recorded once joined within
    // Stop's wait (a busy machine may take longer: then it is the candidate's clock).
    const clockSeconds = (stoppedAt - liveAt) / 1000;
    const recordedSeconds = await shownSeconds(page);
    expect(recordedSeconds).toBeGreaterThanOrEqual(clockSeconds - 1.5);
    expect(recordedSeconds).toBeLessThanOrEqual((stopDoneAt - releasedAt) / 1000);
    expect(stopped.seconds === null || recordedSeconds === Math.floor(stopped.seconds)).toBe(true);
    // Nothing to play back locally: the review is the text, Retake and Submit.
    expect(await page.getByLabel('Your answer').count()).toBe(0);
    await page.getByRole('button', { name: 'Retake' }).waitFor();
    await expectAccessible(page, 'live interview: review');
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByRole('heading', { name: 'Your interview is complete' }).waitFor({ timeout: 30_000 });
    expect(
      apiCalls.filter((id) => ['startAnswer', 'createAnswerRecording', 'startAnswerRecording', 'stopAnswerRecording', 'submitAnswer'].includes(id)),
    ).toEqual(['startAnswer', 'createAnswerRecording', 'startAnswerRecording', 'stopAnswerRecording', 'submitAnswer']);
    expect(apiCalls).not.toContain('getAnswerPartUrls');
    expect(errors).toEqual([]);
    await context.close();

    // The team's side: the same processed answer as an upload gives.
    await processedAnswer(owner, candidateId);
    const review = await owner.context.newPage();
    const reviewErrors = trackErrors(review);
    await review.goto(appUrl(paths.candidate.to(owner.companyId, positionId, candidateId)));
    await review.getByRole('heading', { name: QUESTION }).waitFor();
    const video = review.getByLabel('Answer 1', { exact: true });
    await video.waitFor();
    await review.waitForFunction(() => {
      const v = document.querySelector('video');
      return v !== null && v.readyState >= 1 && v.textTracks.length === 1;
    });
    const source = await video.evaluate((v: HTMLVideoElement) => v.currentSrc);
    const head = new Uint8Array(await (await fetch(source, { headers: { range: 'bytes=0-11' } })).arrayBuffer());
    expect(Buffer.from(head.subarray(4, 8)).toString('latin1')).toBe('ftyp');
    const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
    // The video the team plays lies within the same bounds as the recording: at least the clock the
    // candidate saw, at most the time from the offer to the end of Stop. (Its length may pass the
    // recorded seconds shown, which count the video's segments: the MP4 lasts as long as its longer
    // track, and the audio can start before the first video keyframe.)
    expect(duration).toBeGreaterThanOrEqual(clockSeconds - 0.5);
    expect(duration).toBeLessThanOrEqual((stopDoneAt - releasedAt) / 1000 + 1);
    expect(await video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.language)).toBe('en');
    // It plays.
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.5);
    // The captions hold what was said, and a transcript line seeks the video to where it starts.
    const answer = (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body.answers[0];
    const captions = await (await fetch(answer.video!.captions.variants[0].content_href as string)).text();
    expect(captions).toMatch(/^WEBVTT/);
    expect(captions).toMatch(/(?:\d\d:)?\d\d:\d\d\.\d{3} --> (?:\d\d:)?\d\d:\d\d\.\d{3}[^\n]*\n\S+/);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    const line = review.getByRole('button', { name: /^Play from / }).first();
    await line.waitFor();
    const [, minutes, seconds] = /(\d+):(\d+)$/.exec((await line.getAttribute('aria-label'))!)!;
    await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 3.5;
    });
    await line.click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => Math.floor(v.currentTime))).toBe(Number(minutes) * 60 + Number(seconds));
    await expectAccessible(review, 'candidate detail, live answer');
    expect(reviewErrors).toEqual([]);
    await owner.context.close();
  });

  it('answers live when the local setting forces the recorder service, in a browser that can record', async () => {
    const owner = await signedInOwner(browser, 'Forced Live Co');
    await owner.context.close();
    const { candidateId, href } = await invitedCandidate(owner, 'Lighthouse keeper', 'Bo Forced');

    const context = await browser.newContext();
    await context.addInitScript((key) => {
      try {
        window.localStorage.setItem(key, '1');
      } catch {
        // about:blank has no storage
      }
    }, FORCE_RECORDER_SERVICE_KEY);
    const page = await context.newPage();
    const errors = trackErrors(page);
    const apiCalls = apiCallsOf(page);
    await page.goto(href);
    expect(await page.evaluate(() => typeof MediaRecorder)).toBe('function');
    await toTheQuestion(page, 'Bo Forced', false);
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('timer', { name: 'Recording time' }).waitFor({ timeout: 30_000 });
    await recordFor(page, 2);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await recordedText(page).waitFor({ timeout: 30_000 });
    expect(await shownSeconds(page)).toBeGreaterThanOrEqual(2);
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByRole('heading', { name: 'Your interview is complete' }).waitFor({ timeout: 30_000 });
    expect(apiCalls).toContain('startAnswerRecording');
    expect(apiCalls).not.toContain('getAnswerPartUrls');
    expect(errors).toEqual([]);
    await context.close();

    await processedAnswer(owner, candidateId);
  });
  it('shows Reconnecting… when the connection drops, fails the take past the reconnect window, and records it again', async () => {
    const owner = await signedInOwner(browser, 'Dropped Live Co');
    await owner.context.close();
    const { href } = await invitedCandidate(owner, 'Radio operator', 'Cy Dropped');

    const context = await browser.newContext();
    await context.addInitScript(() => {
      delete (window as { MediaRecorder?: unknown }).MediaRecorder;
    });
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.goto(href);
    await toTheQuestion(page, 'Cy Dropped', false);
    const created = page.waitForResponse(isResponseTo('createAnswerRecording'), { timeout: 60_000 });
    await page.getByRole('button', { name: 'Start recording' }).click();
    const { space_token: spaceToken } = (await (await created).json()) as { space_token: string };
    await page.getByRole('timer', { name: 'Recording time' }).waitFor({ timeout: 30_000 });
    await recordFor(page, 1);

    await disconnectParticipant(spaceToken);
    await page.getByRole('status').filter({ hasText: 'Reconnecting…' }).waitFor({ timeout: 60_000 });
    await expectAccessible(page, 'live interview: reconnecting');
    // The revoked participant never comes back: past the window the take fails, with a retake.
    const lost = page.getByRole('alert').filter({ hasText: 'The connection to the recorder was lost' });
    await lost.waitFor({ timeout: 90_000 });
    expect(await page.getByRole('timer', { name: 'Recording time' }).count()).toBe(0);
    await expectAccessible(page, 'live interview: take failed');

    // Recorded again: a new take connects and is reviewed.
    await page.getByRole('button', { name: 'Retake' }).click();
    await page.getByRole('timer', { name: 'Recording time' }).waitFor({ timeout: 30_000 });
    expect(await lost.count()).toBe(0);
    await recordFor(page, 2);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await recordedText(page).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByRole('heading', { name: 'Your interview is complete' }).waitFor({ timeout: 30_000 });
    // The refused re-offers of the revoked participant are the only failures the page saw.
    const refused = errors.filter((e) => /^4\d\d PUT \/api\/v1\/interviews\/[^/]+\/recordings\/[^/]+\/start$/.test(e));
    expect(refused.length).toBeGreaterThan(0);
    expect(errors.filter((e) => !refused.includes(e) && !/status of 4\d\d/.test(e))).toEqual([]);
    await context.close();
  });
  it('tells Safari 14.3 or older that it cannot record when the live service cannot connect either', async () => {
    const owner = await signedInOwner(browser, 'Old Safari Co');
    await owner.context.close();
    const { href } = await invitedCandidate(owner, 'Archivist', 'Di Safari');

    // Safari 14.0's user agent, no MediaRecorder, and a live service that cannot be reached.
    const context = await browser.newContext({
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.0 Safari/605.1.15',
    });
    await context.addInitScript(() => {
      delete (window as { MediaRecorder?: unknown }).MediaRecorder;
    });
    const page = await context.newPage();
    await page.route('**/user-recordings', (route) => route.abort('connectionrefused'));
    await page.goto(href);
    await toTheQuestion(page, 'Di Safari', false);
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('alert').filter({ hasText: 'Unable to record media on this version of Safari.' }).waitFor({ timeout: 30_000 });
    // Nothing recorded; the candidate may try again.
    expect(await page.getByRole('timer', { name: 'Recording time' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    await expectAccessible(page, 'live interview: old Safari');
    await context.close();
  });
});
