import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import { call } from '../support/api';
import { allocateCredits } from '../support/aws';
import { interviewFixture } from '../support/interviews';
import { makeClip } from '../support/media';
import { expectAccessible } from './support/accessibility';
import { appUrl, useBrowser } from './support/browser';
import { failOperation, failStorageUploads, trackPageErrors } from './support/faults';
import { recordFor } from './support/recording';
import { signedInOwner } from './support/session';

/**
 * Spec §8, the recorder and upload messages in the team's video dialog (a position's intro video):
 * the browser's recorder is made to fail as browsers do (no MediaRecorder, no preferred format, the
 * camera refused, a recorder that will not start or records nothing, a frame that cannot be drawn), and
 * the uploads' calls fail for good. Each message shows word for word, the dialog stays accessible,
 * and a failed save is aborted at the failing step with the video kept, so Save works once the calls do.
 */
const browser = useBrowser();

/** Browser conditions, installed before the SPA loads (Chromium's fake camera is there otherwise). */
const conditions = {
  /** No MediaRecorder and no WebRTC: nothing records. */
  noRecorder: () => {
    Object.defineProperty(window, 'MediaRecorder', { configurable: true, writable: true, value: undefined });
    Object.defineProperty(window, 'RTCPeerConnection', { configurable: true, writable: true, value: undefined });
  },
  /** MediaRecorder records none of the preferred formats, and there is no WebRTC for the live service. */
  noFormat: () => {
    MediaRecorder.isTypeSupported = () => false;
    Object.defineProperty(window, 'RTCPeerConnection', { configurable: true, writable: true, value: undefined });
  },
  /** No camera API at all (navigator.mediaDevices is missing outside secure contexts and in old browsers). */
  noCameraApi: () => {
    Object.defineProperty(Navigator.prototype, 'mediaDevices', { configurable: true, get: () => undefined });
  },
  /** The person refuses the camera and microphone. */
  cameraRefused: () => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  },
  /** MediaRecorder cannot be made for the stream (it still says which formats it records). */
  recorderWillNotStart: () => {
    const Real = window.MediaRecorder;
    const Refusing = function MediaRecorder() {
      throw new DOMException('The recorder failed to start.', 'NotSupportedError');
    } as unknown as typeof MediaRecorder;
    Refusing.isTypeSupported = (type: string) => Real.isTypeSupported(type);
    window.MediaRecorder = Refusing;
  },
  /** MediaRecorder runs but hands over no data: the recording is empty. */
  recordsNothing: () => {
    class Silent extends window.MediaRecorder {}
    // The recorder's data handler is dropped: no chunk ever arrives.
    Object.defineProperty(Silent.prototype, 'ondataavailable', { configurable: true, get: () => null, set: () => undefined });
    window.MediaRecorder = Silent;
  },
  /** MediaRecorder records, then fails with an error when it is stopped. */
  recorderFailsOnStop: () => {
    class Failing extends window.MediaRecorder {
      override stop() {
        this.onerror?.(new ErrorEvent('error', { message: 'The recorder failed.' }));
      }
    }
    window.MediaRecorder = Failing;
  },
  /** A frame of the video cannot be turned into a PNG. */
  noThumbnail: () => {
    HTMLCanvasElement.prototype.toBlob = function toBlob(callback: BlobCallback) {
      callback(null);
    };
  },
} as const;

let owner: Awaited<ReturnType<typeof signedInOwner>>;
let positionId: string;

beforeAll(async () => {
  owner = await signedInOwner(browser, 'Failing Recordings');
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Host', interview: interviewFixture({ questions: ['Why us?'] }) },
  });
  expect(created.status).toBe(201);
  positionId = created.body.position_id as string;
});

/** A page of the position's Questions view, under `condition`, with the intro's video dialog open. */
const openVideoDialog = async (context: BrowserContext, condition?: () => void) => {
  const page = await context.newPage();
  if (condition) await page.addInitScript(condition);
  const pageErrors = trackPageErrors(page);
  await page.goto(appUrl(paths.position.to(owner.companyId, positionId, { view: 'questions' })));
  await page.getByRole('region', { name: 'Intro' }).getByRole('button', { name: 'Add video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record or upload a video' });
  await dialog.waitFor();
  return { page, dialog, pageErrors };
};

const closeDialog = async (page: Page, pageErrors: string[]) => {
  expect(pageErrors).toEqual([]);
  await page.close();
};

describe('recorder and upload failures (spec §8)', () => {
  it('says when the browser cannot record, records no supported format, or the camera is refused', async () => {
    // 8.45: no recorder at all: the dialog offers the upload; its Record side says it cannot record.
    const none = await openVideoDialog(owner.context, conditions.noRecorder);
    await none.dialog.getByLabel('Video file').waitFor({ state: 'attached' });
    await none.dialog.getByRole('radio', { name: 'Record' }).or(none.dialog.getByRole('button', { name: 'Record', exact: true })).click();
    await none.dialog.getByRole('alert').filter({ hasText: /^Unable to record media\.$/ }).waitFor();
    await expectAccessible(none.page, 'video dialog: the browser cannot record');
    await closeDialog(none.page, none.pageErrors);

    // 8.47: MediaRecorder, but none of the preferred formats (and no live service to fall back on).
    const format = await openVideoDialog(owner.context, conditions.noFormat);
    await format.dialog.getByRole('alert').filter({ hasText: 'Unable to record a supported video format.' }).waitFor();
    expect(await format.dialog.getByRole('button', { name: 'Start recording' }).count()).toBe(0);
    await expectAccessible(format.page, 'video dialog: no supported format');
    await closeDialog(format.page, format.pageErrors);

    // 8.48: the camera and microphone are refused.
    const refused = await openVideoDialog(owner.context, conditions.cameraRefused);
    await refused.dialog.getByRole('alert').filter({ hasText: 'Camera or microphone access was denied.' }).waitFor();
    expect(await refused.dialog.getByRole('alert').textContent()).toContain('please contact support');
    await expectAccessible(refused.page, 'video dialog: the camera is refused');
    await closeDialog(refused.page, refused.pageErrors);
  });

  it('says when recording cannot start, records nothing, or its thumbnail cannot be captured', async () => {
    // 8.50: the recorder does not start; Start recording is offered again.
    const start = await openVideoDialog(owner.context, conditions.recorderWillNotStart);
    await start.dialog.getByRole('button', { name: 'Start recording' }).click();
    await start.dialog.getByRole('alert').filter({ hasText: 'Unable to start recording' }).waitFor({ timeout: 15_000 });
    await start.dialog.getByRole('button', { name: 'Start recording' }).waitFor();
    await expectAccessible(start.page, 'video dialog: recording cannot start');
    await closeDialog(start.page, start.pageErrors);

    // 8.57: a take with nothing in it.
    const empty = await openVideoDialog(owner.context, conditions.recordsNothing);
    await empty.dialog.getByRole('button', { name: 'Start recording' }).click();
    await recordFor(empty.page, 1);
    await empty.dialog.getByRole('button', { name: 'Stop recording' }).click();
    await empty.dialog.getByRole('alert').filter({ hasText: 'Unable to record video' }).waitFor();
    await empty.dialog.getByRole('button', { name: 'Start recording' }).waitFor();
    await expectAccessible(empty.page, 'video dialog: nothing was recorded');
    await closeDialog(empty.page, empty.pageErrors);

    // 8.55: a take whose thumbnail cannot be captured.
    const frame = await openVideoDialog(owner.context, conditions.noThumbnail);
    await frame.dialog.getByRole('button', { name: 'Start recording' }).click();
    await recordFor(frame.page, 1);
    await frame.dialog.getByRole('button', { name: 'Stop recording' }).click();
    await frame.dialog.getByRole('alert').filter({ hasText: 'Unable to capture thumbnail' }).waitFor();
    expect(await frame.dialog.getByRole('button', { name: 'Save video' }).isDisabled()).toBe(true);
    await expectAccessible(frame.page, 'video dialog: the thumbnail cannot be captured');
    await closeDialog(frame.page, frame.pageErrors);
  });

  it('an uploaded video: says when no thumbnail can be extracted, and aborts a save at the step that fails, keeping the video', async () => {
    const { file } = await makeClip(1);
    const { page, dialog, pageErrors } = await openVideoDialog(owner.context);
    await dialog.getByRole('radio', { name: 'Upload a file' }).or(dialog.getByRole('button', { name: 'Upload a file' })).click();
    const input = dialog.getByLabel('Video file');

    // 8.52: a file that is no video a browser can decode.
    await input.setInputFiles({ name: 'broken.webm', mimeType: 'video/webm', buffer: Buffer.from('this is not a video at all') });
    await dialog.getByRole('alert').filter({ hasText: 'Unable to extract a thumbnail' }).waitFor();
    await expectAccessible(page, 'video dialog: no thumbnail can be extracted');

    await input.setInputFiles(file);
    await dialog.getByLabel('Your video').waitFor();
    const save = dialog.getByRole('button', { name: 'Save video' });
    const complete = await failOperation(page, 'completeMediaUploads');

    // 8.56 and 8.59: the video cannot be stored: aborted there, nothing is completed.
    const storage = await failStorageUploads(page);
    await save.click();
    await dialog.getByRole('alert').filter({ hasText: 'Upload failure' }).waitFor();
    expect(storage.count()).toBe(1);
    expect(complete.count()).toBe(0);
    await storage.restore();

    // 8.54 and 8.59: the video is stored, its thumbnail's upload is refused: aborted there.
    const thumbnail = await failOperation(page, 'createUserMediaUpload', { after: 1 });
    await save.click();
    await dialog.getByRole('alert').filter({ hasText: 'Unable to upload thumbnail' }).waitFor();
    expect(thumbnail.count()).toBe(1);
    expect(complete.count()).toBe(0);
    await expectAccessible(page, 'video dialog: the thumbnail cannot be uploaded');
    await thumbnail.restore();

    // 8.58: both are stored, completing them fails.
    await save.click();
    await dialog.getByRole('alert').filter({ hasText: 'Unable to save video' }).waitFor();
    expect(complete.count()).toBe(1);
    await expectAccessible(page, 'video dialog: the video cannot be saved');
    await complete.restore();

    // The video was kept all along: Save goes through once the calls do.
    await dialog.getByLabel('Your video').waitFor();
    await save.click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('region', { name: 'Intro' }).getByRole('button', { name: 'Replace video' }).waitFor();
    await closeDialog(page, pageErrors);
  });
});

describe("the candidate's recorder failures (spec §8)", () => {
  let interviewPosition: string;
  beforeAll(async () => {
    await allocateCredits(owner.companyId, 20);
    const created = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Storyteller', interview: interviewFixture({ questions: ['Tell us a story'], pacing: { retakes: 1 } }) },
    });
    expect(created.status).toBe(201);
    interviewPosition = created.body.position_id as string;
  });

  /** A new candidate's interview, opened in a page of its own (signed out) under `condition`. */
  const openInterview = async (name: string, condition?: () => void) => {
    const invited = await call('inviteCandidate', { params: { positionId: interviewPosition }, session: owner.sessionId, body: { candidate_name: name, email: null } });
    expect(invited.status).toBe(201);
    const context = await browser.newContext();
    const page = await context.newPage();
    if (condition) await page.addInitScript(condition);
    const pageErrors = trackPageErrors(page);
    await page.goto(invited.body.interview_href as string);
    await page.getByRole('button', { name: 'Start the interview' }).click();
    return { context, page, pageErrors };
  };

  const toQuestion = async (page: Page) => {
    await page.getByRole('button', { name: 'Turn on camera and microphone' }).click();
    await page.getByLabel('Camera preview').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Tell us a story' }).waitFor();
  };

  it('says when the camera is refused, or the browser has no camera API (upload instead), or the recorder fails', async () => {
    // 8.48 at the camera check.
    const refused = await openInterview('Rae Refused', conditions.cameraRefused);
    await refused.page.getByRole('button', { name: 'Turn on camera and microphone' }).click();
    await refused.page.getByRole('alert').filter({ hasText: 'Camera or microphone access was denied.' }).waitFor();
    await expectAccessible(refused.page, 'interview: the camera is refused');
    expect(refused.pageErrors).toEqual([]);
    await refused.context.close();

    // 8.45: no camera API: the answer is a file recorded with another app.
    const noCamera = await openInterview('Nell No-Camera', conditions.noCameraApi);
    // (An information, not an error: the candidate app's info note is no alert.)
    await noCamera.page.getByText('Unable to record media. Record your answer with another app, then upload the video here.', { exact: true }).waitFor();
    await expectAccessible(noCamera.page, 'interview: the browser cannot record');
    expect(noCamera.pageErrors).toEqual([]);
    await noCamera.context.close();

    // 8.57: the recorder fails as the take ends.
    const empty = await openInterview('Ed Error', conditions.recorderFailsOnStop);
    await toQuestion(empty.page);
    await empty.page.getByRole('button', { name: 'Start recording' }).click();
    await recordFor(empty.page, 1);
    await empty.page.getByRole('button', { name: 'Stop recording' }).click();
    await empty.page.getByRole('alert').filter({ hasText: 'Unable to record video' }).waitFor();
    await expectAccessible(empty.page, 'interview: the take failed');
    expect(empty.pageErrors).toEqual([]);
    await empty.context.close();
  });

  it('says when the answer cannot be started or saved, and goes on once the calls do', async () => {
    const { context, page, pageErrors } = await openInterview('Sam Saver');
    await toQuestion(page);

    // 8.50: the answer cannot be started.
    const start = await failOperation(page, 'startAnswer');
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('alert').filter({ hasText: 'Unable to start recording' }).waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'interview: recording cannot start');
    await start.restore();

    // 8.58: the answer is recorded and sent, saving it fails; it is kept for another try.
    await page.getByRole('button', { name: 'Start recording' }).click();
    await recordFor(page, 1);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByLabel('Your answer').waitFor();
    const submit = await failOperation(page, 'submitAnswer');
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByRole('alert').filter({ hasText: 'Unable to save video' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Your answer').waitFor();
    await expectAccessible(page, 'interview: the answer cannot be saved');
    await submit.restore();
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByRole('button', { name: 'Submit answer' }).waitFor({ state: 'detached', timeout: 30_000 });
    expect(await page.getByRole('alert').filter({ hasText: 'Unable to save video' }).count()).toBe(0);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
