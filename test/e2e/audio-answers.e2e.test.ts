import { describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { interviewFixture, seedAnswerSpecs } from '../support/interviews';
import { makeSpeech } from '../support/media';
import { expectAccessible } from './support/accessibility';
import { trackErrors, useBrowser } from './support/browser';
import { recordFor } from './support/recording';
import { signedInOwner } from './support/session';

/**
 * Issue 39, audio-only answers in Chromium with its fake devices (a microphone that speaks): an
 * interview asking for audio only checks the microphone alone; the take has the same countdown,
 * timer, retake and upload-while-recording as a video, with the microphone's level meter where the
 * camera would be and an audio player under review; the team's page gets it processed into audio
 * with a transcript. In an interview that also asks for video, the audio question records the
 * microphone alone while the camera stays on for the video one. The position is seeded (the wizard builds one in answer-types.e2e).
 */
const browser = useBrowser(async () => [`--use-file-for-fake-audio-capture=${await makeSpeech('i have presented the morning show for six years')}`]);

interface AnswerView {
  answer_type: string;
  video: { upload_status: string; variants: { content_type: string }[] } | null;
}

const positionAsking = async (owner: { companyId: string; sessionId: string }, questions: string[], answerTypes: ('audio' | 'video')[]) => {
  const { body: position } = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Presenter', interview: interviewFixture({ questions, pacing: { thinking_time: null, answer_time: 30, retakes: 1 } }) },
  });
  await seedAnswerSpecs(
    position.position_id,
    answerTypes.map((answerType) => ({ answerType })),
  );
  return position.position_id as string;
};

const invite = async (owner: { sessionId: string }, positionId: string, name: string) => {
  const { body } = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: name, email: null } });
  return { href: body.interview_href as string, candidateId: body.candidate_id as string };
};

const processed = async (owner: { sessionId: string }, candidateId: string, count: number) => {
  let answers: AnswerView[] = [];
  await expect
    .poll(
      async () => {
        answers = (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body.answers ?? [];
        return answers.length === count && answers.every((a) => a.video && a.video.upload_status !== 'processing');
      },
      { timeout: 120_000, interval: 1000 },
    )
    .toBe(true);
  return answers;
};

describe('audio-only answers (issue 39)', () => {
  it('an interview asking for audio only checks the microphone, records with a level meter, retakes, and the team gets audio', async () => {
    const owner = await signedInOwner(browser, 'Audio Answers E2E Co');
    await owner.context.close();
    const positionId = await positionAsking(owner, ['Introduce yourself as you would on air'], ['audio']);
    const { href, candidateId } = await invite(owner, positionId, 'Ada Audio');

    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.goto(href);
    await page.getByRole('button', { name: 'Start the interview' }).click();

    // The microphone alone: no camera to turn on, see or choose.
    await page.getByRole('heading', { name: 'Microphone check' }).waitFor();
    await expectAccessible(page, 'audio interview: microphone check');
    await page.getByRole('button', { name: 'Turn on microphone' }).click();
    const checkMeter = page.getByRole('meter', { name: /Microphone/ });
    await expect.poll(async () => Number(await checkMeter.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(5);
    expect(await page.getByLabel('Camera preview').count()).toBe(0);
    expect(await page.getByLabel('Camera', { exact: true }).count()).toBe(0);
    await page.getByLabel('Microphone', { exact: true }).waitFor();
    await expectAccessible(page, 'audio interview: microphone on');
    await page.getByRole('button', { name: 'Continue' }).click();

    // The take: the level meter in place of the camera, the same timer, Stop, review in an audio player, a retake.
    await page.getByRole('heading', { name: 'Introduce yourself as you would on air' }).waitFor();
    const takeMeter = page.getByRole('meter', { name: /Audio only/ });
    await takeMeter.waitFor();
    expect(await page.getByLabel('Camera preview').count()).toBe(0);
    await expectAccessible(page, 'audio question');
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('timer', { name: 'Recording time' }).waitFor({ timeout: 10_000 });
    await expect.poll(async () => Number(await takeMeter.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(5);
    await expectAccessible(page, 'audio question: recording');
    await recordFor(page, 2);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    const player = page.locator('audio[aria-label="Your answer"]');
    await player.waitFor();
    expect(await page.locator('video[aria-label="Your answer"]').count()).toBe(0);
    await expectAccessible(page, 'audio question: review');
    await page.getByRole('button', { name: 'Retake' }).click();
    await page.getByRole('timer', { name: 'Recording time' }).waitFor({ timeout: 10_000 });
    await recordFor(page, 3);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await player.waitFor();
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByRole('heading', { name: 'Your interview is complete' }).waitFor({ timeout: 20_000 });

    // The team's side: an audio answer, processed into an audio file.
    const [answer] = await processed(owner, candidateId, 1);
    expect(answer!.answer_type).toBe('audio');
    expect(answer!.video!.upload_status).toBe('ready');
    expect(answer!.video!.variants.map((v) => v.content_type)).toEqual(['audio/mp4']);
    const transcripts = (await call('getAnswerTranscripts', { params: { candidateId }, session: owner.sessionId })).body.answer_transcripts;
    expect(transcripts.map((t: { transcript_status: string }) => t.transcript_status)).toEqual(['completed']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an interview asking for video and audio keeps the camera for the video question and records the microphone alone for the audio one', async () => {
    const owner = await signedInOwner(browser, 'Mixed Answers E2E Co');
    await owner.context.close();
    const positionId = await positionAsking(owner, ['Say hello on camera', 'Now just your voice'], ['video', 'audio']);
    const { href, candidateId } = await invite(owner, positionId, 'Mo Mixed');

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(href);
    await page.getByRole('button', { name: 'Start the interview' }).click();
    await page.getByRole('button', { name: 'Turn on camera and microphone' }).click();
    await page.getByLabel('Camera preview').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Say hello on camera' }).waitFor();
    await page.getByLabel('Camera preview').waitFor();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await recordFor(page, 2);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.locator('video[aria-label="Your answer"]').waitFor();
    await page.getByRole('button', { name: 'Submit answer' }).click();

    await page.getByRole('heading', { name: 'Now just your voice' }).waitFor();
    await page.getByRole('meter', { name: /Audio only/ }).waitFor();
    expect(await page.getByLabel('Camera preview').count()).toBe(0);
    await page.getByRole('button', { name: 'Start recording' }).click();
    await recordFor(page, 2);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.locator('audio[aria-label="Your answer"]').waitFor();
    await expectAccessible(page, 'mixed interview: audio question review');
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByRole('heading', { name: 'Your interview is complete' }).waitFor({ timeout: 20_000 });

    const answers = await processed(owner, candidateId, 2);
    expect(answers.map((a) => [a.answer_type, a.video?.upload_status, a.video?.variants.map((v) => v.content_type)])).toEqual([
      ['video', 'ready', ['video/mp4']],
      ['audio', 'ready', ['audio/mp4']],
    ]);
    await context.close();
  });
});
