import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mailTo } from '../support/accounts';
import { call } from '../support/api';
import { interviewFixture, tokenFromHref, type QuestionFixture } from '../support/interviews';
import { makeClip, makeSpeech } from '../support/media';
import { expectAccessible } from './support/accessibility';
import { baseUrl, trackErrors, useBrowser } from './support/browser';
import { recordedSeconds, recordFor } from './support/recording';
import { signedInOwner } from './support/session';

/**
 * Issue 25, "Every candidate can finish": the candidate's side. Timing they may adjust (or ask the
 * team to), timers that warn and are announced, a camera and microphone of their choice, a practice
 * question that never leaves the browser, captions on the team's videos, and the whole interview by
 * keyboard alone.
 *
 * Two fake cameras (Chromium's fake device takes a count; the later switch wins over the plain one
 * launchBrowser passes) and a fake microphone that speaks.
 */
const browser = useBrowser(async () => [
  '--use-fake-device-for-media-stream=device-count=2',
  `--use-file-for-fake-audio-capture=${await makeSpeech('my favourite hobby is sailing on the lake')}`,
]);

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

/** A position asking these questions, and a candidate invited to it (no e-mail): their interview link. */
const invited = async (
  owner: Owner,
  {
    questions,
    pacing,
    candidateTiming,
  }: {
    questions: (string | QuestionFixture)[];
    pacing: { thinking_time: number | null; answer_time: number; retakes: number | null };
    candidateTiming?: { self_service: boolean };
  },
) => {
  const { body: position } = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Harbour pilot', interview: interviewFixture({ questions, pacing }) },
  });
  expect(position.position_id).toBeTruthy();
  if (candidateTiming) {
    // The position's setting is saved with its full body, as the team's editor does.
    const { body: read } = await call('getPosition', { params: { positionId: position.position_id }, session: owner.sessionId });
    const saved = await call('updatePosition', {
      params: { positionId: position.position_id },
      session: owner.sessionId,
      body: { ...read, candidate_timing: { ...read.candidate_timing, ...candidateTiming } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  const { body } = await call('inviteCandidate', {
    params: { positionId: position.position_id },
    session: owner.sessionId,
    body: { candidate_name: 'Ada Access', email: null },
  });
  return { href: body.interview_href as string, candidateId: body.candidate_id as string, positionId: position.position_id as string };
};

const anOwner = async (companyName: string) => {
  const owner = await signedInOwner(browser, companyName);
  await owner.context.close();
  return owner;
};

/** The deviceId of the video track the camera preview shows. */
const previewCamera = (page: Page) =>
  page
    .getByLabel('Camera preview')
    .evaluate((video: HTMLVideoElement) => (video.srcObject as MediaStream | null)?.getVideoTracks()[0]?.getSettings().deviceId ?? null);

/** What the take's polite live region says. */
const announced = (page: Page) => page.getByTestId('take-announcement').textContent();

/** The http(s) requests the page makes from now on. */
/**
 * The requests a page sends from now on, but the SPA's own static files (a lazily loaded chunk, the
 * favicon the browser fetches when it likes): every call to the API or the storage stand-in counts.
 */
const requestsOf = (page: Page) => {
  const seen: string[] = [];
  const appOrigin = new URL(baseUrl()).origin;
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (!/^https?:$/.test(url.protocol)) return;
    const staticFile =
      url.pathname === '/' || url.pathname === '/index.html' || url.pathname === '/favicon.svg' || url.pathname.startsWith('/assets/');
    if (request.method() === 'GET' && url.origin === appOrigin && staticFile) return;
    seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
};

/** Welcome → camera check with the camera on. */
const toTheCheck = async (page: Page, href: string) => {
  await page.goto(href);
  await page.getByRole('button', { name: 'Start the interview' }).click();
  await page.getByRole('button', { name: 'Turn on camera and microphone' }).click();
  await page.getByLabel('Camera preview').waitFor();
};

describe("the candidate's interview, for every candidate", () => {
  it('has a practice question that plays back at once and sends nothing', async () => {
    const owner = await anOwner('Practice Co');
    const { href, candidateId } = await invited(owner, {
      questions: ['Why this harbour?'],
      pacing: { thinking_time: 15, answer_time: 30, retakes: 0 },
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = trackErrors(page);
    await toTheCheck(page, href);
    await expectAccessible(page, 'check: devices to choose');

    const sent = requestsOf(page);
    await page.getByRole('button', { name: 'Try a practice question' }).click();
    await page.getByRole('heading', { name: 'Practice question' }).waitFor();
    await page.getByText('Tell us about your favourite hobby.').waitFor();
    // The position's timing: 15 seconds to think.
    await expect.poll(() => page.getByRole('timer').textContent()).toMatch(/^Recording starts in 0:1\d/);
    await expectAccessible(page, 'practice: thinking');
    await page.getByRole('button', { name: 'Start recording' }).click();
    await recordFor(page, 2);
    expect(await page.getByRole('timer', { name: 'Recording time' }).textContent()).toMatch(/ \/ 0:30$/);
    await expectAccessible(page, 'practice: recording');
    await page.getByRole('button', { name: 'Stop recording' }).click();

    // Played back at once, from memory.
    const playback = page.getByLabel('Your practice answer');
    await playback.waitFor();
    expect(await playback.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => playback.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
    await expect.poll(() => playback.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
    await expectAccessible(page, 'practice: playback');

    await page.getByRole('button', { name: 'Try again' }).click();
    await recordFor(page, 1);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await playback.waitFor();
    // Nothing left the browser: no API call, no upload.
    expect(sent).toEqual([]);

    await page.getByRole('button', { name: 'Go to the interview' }).click();
    await page.getByRole('heading', { name: 'Why this harbour?' }).waitFor();
    expect(await page.getByText(/retakes? (left|available)/).count()).toBe(0); // no retakes: no badge counting them down
    const { body: interview } = await call('getInterview', { params: { token: tokenFromHref(href) } });
    expect(interview.questions[0]).toMatchObject({ answered: false, attempts_used: 0 });
    const { body: candidate } = await call('getCandidate', { params: { candidateId }, session: owner.sessionId });
    expect(candidate.answers ?? []).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has a practice with the preview and timer only where takes are recorded live', async () => {
    const owner = await anOwner('Live Practice Co');
    const { href } = await invited(owner, { questions: ['Why this harbour?'], pacing: { thinking_time: 0, answer_time: 30, retakes: 0 } });
    const context = await browser.newContext();
    // The force-recorder-service flag of spec §3 (web/src/lib/recorder.ts): takes go live.
    await context.addInitScript(() => window.localStorage.setItem('force_recorder_service', '1'));
    const page = await context.newPage();
    const errors = trackErrors(page);
    await toTheCheck(page, href);
    const sent = requestsOf(page);
    await page.getByRole('button', { name: 'Try a practice question' }).click();
    await page.getByText('In this browser the practice shows your camera and the timer only: your practice take is not played back.').waitFor();
    // No thinking time: the countdown, then the timer.
    await recordFor(page, 1);
    await expectAccessible(page, 'live practice: recording');
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByText(/^Your practice take is over \(0:0\d\)\. It is not played back in this browser\.$/).waitFor();
    expect(await page.getByLabel('Your practice answer').count()).toBe(0);
    await expectAccessible(page, 'live practice: over');
    expect(sent).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('records on the camera chosen, remembers it, and goes on after a device is disconnected', async () => {
    const owner = await anOwner('Devices Co');
    const { href, candidateId } = await invited(owner, {
      questions: ['Which knot do you trust?'],
      pacing: { thinking_time: null, answer_time: 30, retakes: 1 },
    });
    const context = await browser.newContext();
    // The video track each MediaRecorder records.
    await context.addInitScript(() => {
      const recorded: (string | undefined)[] = [];
      (window as unknown as { recordedCameras: typeof recorded }).recordedCameras = recorded;
      const Native = window.MediaRecorder;
      window.MediaRecorder = class extends Native {
        constructor(stream: MediaStream, options?: MediaRecorderOptions) {
          super(stream, options);
          recorded.push(stream.getVideoTracks()[0]?.getSettings().deviceId);
        }
      };
    });
    const page = await context.newPage();
    const errors = trackErrors(page);
    await toTheCheck(page, href);
    const cameraSelect = page.getByLabel('Camera', { exact: true });
    await expect.poll(() => cameraSelect.locator('option').count()).toBe(2);
    expect(await page.getByLabel('Microphone', { exact: true }).locator('option').count()).toBeGreaterThan(0);
    const [first, second] = await cameraSelect.locator('option').evaluateAll((options: HTMLOptionElement[]) => options.map((o) => o.value));
    expect(await previewCamera(page)).toBe(first);

    await cameraSelect.selectOption(second!);
    await expect.poll(() => previewCamera(page)).toBe(second);
    expect(await cameraSelect.inputValue()).toBe(second);
    expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('recorder_device_ids')))!)).toMatchObject({ videoDeviceId: second });
    // The level meter follows the new stream.
    const meter = page.getByRole('meter', { name: /Microphone/ });
    await expect.poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(5);
    await expectAccessible(page, 'check: second camera chosen');

    // Remembered: after a reload the check opens the second camera straight away.
    await page.reload();
    await toTheCheck(page, href);
    await expect.poll(() => previewCamera(page)).toBe(second);
    await expect.poll(() => cameraSelect.inputValue()).toBe(second);

    // …and the answer is recorded from it.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Which knot do you trust?' }).waitFor();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await recordFor(page, 1);
    expect(await page.evaluate(() => (window as unknown as { recordedCameras: string[] }).recordedCameras)).toEqual([second]);

    // The camera is unplugged mid-take: the candidate is told, chooses one, and the take starts again.
    await page.getByLabel('Camera preview').evaluate((video: HTMLVideoElement) => {
      (video.srcObject as MediaStream).getVideoTracks()[0]!.dispatchEvent(new Event('ended'));
    });
    await page.getByText('Your camera or microphone was disconnected. Choose another one to go on; your answers already sent are kept.').waitFor();
    await expectAccessible(page, 'a device disconnected');
    await cameraSelect.selectOption(first!);
    await page.getByRole('heading', { name: 'Which knot do you trust?' }).waitFor();
    await expect.poll(() => previewCamera(page)).toBe(first);
    await page.getByRole('button', { name: 'Start recording' }).click();
    await recordFor(page, 2);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByRole('heading', { name: 'Your interview is complete' }).waitFor({ timeout: 20_000 });
    // The take lost with the camera, then the one sent.
    expect(await page.evaluate(() => (window as unknown as { recordedCameras: string[] }).recordedCameras)).toEqual([second, first]);
    const { body: candidate } = await call('getCandidate', { params: { candidateId }, session: owner.sessionId });
    expect(candidate.answers).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('warns 20 seconds before the answer time ends, visibly and to screen readers', async () => {
    const owner = await anOwner('Warning Co');
    const { href } = await invited(owner, { questions: ['What do you check first?'], pacing: { thinking_time: 0, answer_time: 30, retakes: 0 } });
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = trackErrors(page);
    // Page time flows as usual, and jumps ahead when told: no 10 seconds of real waiting.
    await page.clock.install();
    await toTheCheck(page, href);
    await page.getByRole('button', { name: 'Continue' }).click();
    await recordFor(page, 1);
    const timer = page.getByRole('timer', { name: 'Recording time' });
    // The timer itself is never announced: only the polite region speaks.
    expect(await timer.getAttribute('aria-live')).toBeNull();
    expect(await page.getByText('20 seconds left', { exact: true }).count()).toBe(0);
    expect(await announced(page)).toBe('');

    await page.clock.fastForward(10_000);
    await page.getByText('20 seconds left', { exact: true }).waitFor();
    expect(await page.getByTestId('take-announcement').getAttribute('aria-live')).toBe('polite');
    await expect.poll(() => announced(page)).toBe('20 seconds left.');
    expect(await recordedSeconds(page)).toBeGreaterThanOrEqual(10);
    await expectAccessible(page, 'recording: the last 20 seconds');

    // At the limit the recorder stops by itself.
    await page.clock.fastForward(20_000);
    await page.getByRole('button', { name: 'Submit answer' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows captions on a question video, on by default, with a toggle', { timeout: 240_000 }, async () => {
    const owner = await anOwner('Captions Co');
    // A team video through the real upload path and the local pipeline, which captions its speech.
    const clip = (await makeClip(3, 'what is the best knot for a mooring line')).bytes;
    const videoGroupId = `g-${Date.now()}`;
    const created = await call('createUserMediaUpload', {
      session: owner.sessionId,
      body: { media_group_id: videoGroupId, content_type: 'video/webm', properties: { company_id: owner.companyId, size: clip.length } },
    });
    expect(created.status).toBe(201);
    await fetch(created.body.upload_url, { method: 'PUT', headers: { 'content-type': 'video/webm' }, body: Buffer.from(clip) });
    await call('completeMediaUploads', { query: { transcoder: 'default' }, session: owner.sessionId, body: { media_ids: [created.body.media_id] } });
    const { href } = await invited(owner, {
      questions: [{ title: 'Watch and answer', video_group_id: videoGroupId }],
      pacing: { thinking_time: 30, answer_time: 60, retakes: 0 },
    });
    const token = tokenFromHref(href);
    await expect
      .poll(async () => (await call('getInterview', { params: { token } })).body.questions[0]?.video?.captions_href ?? null, {
        timeout: 180_000,
        interval: 1000,
      })
      .toBeTruthy();

    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = trackErrors(page);
    await toTheCheck(page, href);
    await page.getByRole('button', { name: 'Continue' }).click();
    const video = page.getByLabel('Question video');
    await video.waitFor();
    const track = video.locator('track');
    await track.waitFor({ state: 'attached' });
    expect(await track.getAttribute('kind')).toBe('captions');
    expect(await track.getAttribute('srclang')).toBe('en');
    expect(await track.getAttribute('label')).toBe('English');
    const mode = () => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode);
    await expect.poll(mode).toBe('showing');
    // The cues arrived: the captions say what the video says.
    await expect
      .poll(() =>
        video.evaluate((v: HTMLVideoElement) =>
          Array.from(v.textTracks[0]?.cues ?? [])
            .map((c) => (c as VTTCue).text)
            .join(' '),
        ),
      )
      .toMatch(/\w/);
    const toggle = page.getByRole('button', { name: 'Captions on' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(page, 'question video with captions');
    await toggle.click();
    await expect.poll(mode).toBe('hidden');
    const off = page.getByRole('button', { name: 'Captions off' });
    expect(await off.getAttribute('aria-pressed')).toBe('false');
    await expectAccessible(page, 'question video, captions off');
    await off.click();
    await expect.poll(mode).toBe('showing');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is done from start to finish with the keyboard alone', async () => {
    const owner = await anOwner('Keyboard Co');
    const { href } = await invited(owner, {
      questions: ['Name a tide you remember', 'What would you change here?'],
      pacing: { thinking_time: null, answer_time: 60, retakes: 0 },
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.goto(href);
    await page.getByRole('heading', { name: 'Welcome, Ada Access' }).waitFor();

    /** What has the focus: its tag and its accessible text (label, aria-label or content), and whether its focus is visible. */
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return { tag: 'body', name: '', visible: false };
        const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
        const name = (el.getAttribute('aria-label') ?? label ?? el.textContent ?? '').trim();
        const style = getComputedStyle(el);
        return { tag: el.tagName.toLowerCase(), name, visible: style.outlineStyle !== 'none' && style.outlineWidth !== '0px' };
      });
    /** Tabs forward until `name` has the focus, and checks the focus shows. */
    const tabTo = async (name: string) => {
      for (let tabs = 0; (await focused()).name !== name; tabs++) {
        if (tabs === 25) throw new Error(`Tab never reached ${name}; the focus is on ${JSON.stringify(await focused())}`);
        await page.keyboard.press('Tab');
      }
      expect((await focused()).visible, `${name} shows its focus`).toBe(true);
    };
    const focusIsOn = (name: string) => expect.poll(async () => (await focused()).name, { timeout: 20_000 }).toBe(name);

    await tabTo('Start the interview');
    await page.keyboard.press('Enter');
    // Each step starts at its heading.
    await focusIsOn('Camera and microphone check');
    await tabTo('Turn on camera and microphone');
    await page.keyboard.press('Space');
    await focusIsOn('Camera');
    await tabTo('Try a practice question');
    await page.keyboard.press('Enter');

    await focusIsOn('Practice question');
    await tabTo('Start recording');
    await page.keyboard.press('Enter');
    await focusIsOn('Stop recording');
    await recordFor(page, 1);
    await page.keyboard.press('Space');
    await focusIsOn('Go to the interview');
    await page.getByLabel('Your practice answer').waitFor();
    await page.keyboard.press('Enter');

    for (const [n, title] of ['Name a tide you remember', 'What would you change here?'].entries()) {
      await focusIsOn(title);
      if (n === 0) await expectAccessible(page, 'keyboard: first question, heading focused');
      await tabTo('Start recording');
      await page.keyboard.press('Enter');
      await focusIsOn('Stop recording');
      await recordFor(page, 2);
      await page.keyboard.press('Enter');
      await focusIsOn('Submit answer');
      await page.keyboard.press('Enter');
    }
    await focusIsOn('Your interview is complete');
    await expectAccessible(page, 'keyboard: done');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('more time or no timer, asked before the first question', () => {
  it('applies at once where the position lets candidates choose: no time limit, and a timer that never stops', async () => {
    const owner = await anOwner('Self Service Co');
    const { href } = await invited(owner, { questions: ['Describe a long watch'], pacing: { thinking_time: 30, answer_time: 30, retakes: 0 } });
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.clock.install();
    await page.goto(href);
    const pacing = page.getByRole('list', { name: 'Pacing' });
    await pacing.getByText('Longest answer: 30 seconds').waitFor();
    expect(await page.getByText('Your timing has been adjusted.').count()).toBe(0);

    const ask = page.getByRole('button', { name: 'Need more time or no timer?' });
    expect(await ask.getAttribute('aria-expanded')).toBe('false');
    await ask.click();
    expect(await ask.getAttribute('aria-expanded')).toBe('true');
    await page.getByText('Choose what suits you: it applies to your whole interview at once.', { exact: false }).waitFor();
    await expectAccessible(page, 'welcome: timing choices');
    await page.getByRole('button', { name: 'No time limit' }).click();
    await page.getByText('Done: your interview now has no time limit.', { exact: false }).waitFor();
    await pacing.getByText('Longest answer: no limit').waitFor();
    expect(await pacing.getByText('Time to think before each answer: as long as you need').count()).toBe(1);
    await page.getByText('Your timing has been adjusted.').waitFor();
    await expectAccessible(page, 'welcome: no time limit applied');

    // It holds after a reload, and the answer timer shows the time recorded alone, never stopping.
    await page.reload();
    await pacing.getByText('Longest answer: no limit').waitFor();
    await page.getByText('Your timing has been adjusted.').waitFor();
    await page.getByRole('button', { name: 'Start the interview' }).click();
    await page.getByRole('button', { name: 'Turn on camera and microphone' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Describe a long watch' }).waitFor();
    expect(await page.getByRole('timer').count()).toBe(0); // as long as you need to think
    await page.getByRole('button', { name: 'Start recording' }).click();
    await recordFor(page, 1);
    expect(await page.getByRole('timer', { name: 'Recording time' }).textContent()).toMatch(/^0:0\d$/);
    await page.clock.fastForward(61_000);
    await expect.poll(() => announced(page)).toBe('1 minute recorded.');
    await expect.poll(() => page.getByRole('timer', { name: 'Recording time' }).textContent()).toMatch(/^1:0\d$/);
    expect(await page.getByText('20 seconds left', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Stop recording' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByRole('button', { name: 'Submit answer' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is sent to the hiring team otherwise, shown as waiting, and closed once a question has started', async () => {
    const owner = await anOwner('Ask The Team Co');
    const { href } = await invited(owner, {
      questions: ['Describe a long watch'],
      pacing: { thinking_time: 30, answer_time: 30, retakes: 0 },
      candidateTiming: { self_service: false },
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.goto(href);
    await page.getByRole('button', { name: 'Need more time or no timer?' }).click();
    await page.getByText('your request will be sent to the hiring team', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Double time' }).click();
    await page.getByText('Your request has been sent. You can wait for an answer by e-mail or start now with the current timing.').waitFor();
    const pacing = page.getByRole('list', { name: 'Pacing' });
    expect(await pacing.getByText('Longest answer: 30 seconds').count()).toBe(1);
    await expectAccessible(page, 'welcome: request sent');
    await expect.poll(async () => (await mailTo(owner.email)).some((m) => m.subject === 'Ada Access asks for more time')).toBe(true);

    await page.reload();
    await page
      .getByText(/^You asked the hiring team for double time on .+\. You can wait for an answer by e-mail or start now with the current timing\.$/)
      .waitFor();
    await expectAccessible(page, 'welcome: request waiting');

    // Starting the first question closes the choice.
    await page.getByRole('button', { name: 'Start the interview' }).click();
    await page.getByRole('button', { name: 'Turn on camera and microphone' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await recordFor(page, 1);
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome, Ada Access' }).waitFor();
    expect(await page.getByRole('button', { name: 'Need more time or no timer?' }).count()).toBe(0);
    const late = await call('requestInterviewTiming', { params: { token: tokenFromHref(href) }, body: { choice: 'no-time-limit' } });
    expect(late.status).toBe(409);
    expect(JSON.stringify(late.body)).toContain('Your interview has started: its timing can no longer be changed.');
    expect(errors).toEqual([]);
    await context.close();
  });
});
