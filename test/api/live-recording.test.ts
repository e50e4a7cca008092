import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIVE_GRACE_SECONDS } from '../../lambdas/contracts/live-recording';
import { keys } from '../../lambdas/data/keys';
import { call } from '../support/api';
import { allocateCredits, localDb, localEnv, localS3 } from '../support/aws';
import { registerAndSignIn } from '../support/accounts';
import { interviewFixture, startAnswer, tokenFromHref } from '../support/interviews';
import { publishTestSignal, sampleOffer } from '../support/whip-publisher';

/**
 * Live recording (issue 30) over the real API and the local IVS stand-ins: a take is streamed over
 * WHIP (through `PUT …/start`), IVS's recording is joined into the take's upload and the usual
 * pipeline makes the answer's MP4, captions and transcript.
 */
type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;
let owner: Owner;
let positionId: string;
const ANSWER_TIME = 30;

const invite = async () => {
  const res = await call('inviteCandidate', {
    params: { positionId },
    session: owner.sessionId,
    body: { candidate_name: 'Live Candidate', email: null },
  });
  expect(res.status).toBe(201);
  return { token: tokenFromHref(res.body.interview_href), candidateId: res.body.candidate_id };
};

const openTake = async (token: string, questionIndex = 0) => {
  const started = await startAnswer(token, questionIndex, 'video/mp4');
  expect(started.status).toBe(201);
  const answerId = started.body.answer_id;
  const created = await call('createAnswerRecording', { params: { token }, body: { answer_id: answerId } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { answerId, recordingId: created.body.recording_id, created: created.body };
};

const exchangeThroughApi = (token: string, recordingId: string) => async (offer: string) => {
  const res = await call('startAnswerRecording', { params: { token, recordingId }, body: { offer } });
  if (res.status !== 200) throw new Error(`start answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.answer;
};

const rawRecordingKeys = async (recordingId: string) =>
  ((await localS3().send(new ListObjectsV2Command({ Bucket: localEnv().LIVE_RECORDINGS_BUCKET, Prefix: `${recordingId}/` }))).Contents ?? []).map(
    (object) => object.Key,
  );

/** The length of a video at a (presigned) link, as ffprobe reads it. */
const probedSeconds = async (href: string) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'live-')), 'answer.mp4');
  writeFileSync(file, Buffer.from(await (await fetch(href)).arrayBuffer()));
  const { stdout } = await promisify(execFile)('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
};

const waitForVideo = async (candidateId: string) => {
  for (let i = 0; i < 300; i++) {
    const detail = (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body;
    const video = detail.answers[0]?.video;
    if (video && video.upload_status !== 'processing' && video.upload_status !== 'uploading') return { detail, video };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the answer was not processed');
};

beforeAll(async () => {
  owner = await registerAndSignIn('Live Co');
  await allocateCredits(owner.companyId, 20);
  const res = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: {
      job_title: 'Live role',
      interview: interviewFixture({ questions: ['Tell us about yourself'], pacing: { answer_time: ANSWER_TIME, retakes: 2 } }),
    },
  });
  expect(res.status).toBe(201);
  positionId = res.body.position_id;
});

describe('a take recorded live', () => {
  it('is streamed, stopped, joined and submitted: the reviewer gets an MP4 of its length, with captions and a transcript', async () => {
    const { token, candidateId } = await invite();
    const { answerId, recordingId, created } = await openTake(token);
    expect(created).toMatchObject({ video_group_id: answerId, max_seconds: ANSWER_TIME + LIVE_GRACE_SECONDS });
    expect(created.space_token.length).toBeGreaterThan(20);

    const publishing = Date.now();
    const { pc } = await publishTestSignal(exchangeThroughApi(token, recordingId), 4);
    const stopped = await call('stopAnswerRecording', { params: { token, recordingId } });
    const streamedSeconds = (Date.now() - publishing) / 1000;
    await pc.close();
    expect(stopped.status).toBe(200);
    expect(stopped.body.status).toBe('assembled');
    // What was recorded: some of the 4 s of signal, never more than the time it was streamed (a loaded
    // machine sends the signal slower than real time, and the first frames wait for a key frame).
    const seconds = stopped.body.seconds!;
    expect(seconds).toBeGreaterThan(1);
    expect(seconds).toBeLessThanOrEqual(streamedSeconds + 1);
    // A repeated stop answers the same.
    expect((await call('stopAnswerRecording', { params: { token, recordingId } })).body).toEqual(stopped.body);

    const submitted = await call('submitAnswer', { params: { token, answerId }, body: { recording_id: recordingId } });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.completed).toBe(true);

    const { detail, video } = await waitForVideo(candidateId);
    expect(detail.current_status).toBe('responded');
    expect(video.upload_status).toBe('ready');
    expect(video.variants[0]!.content_type).toBe('video/mp4');
    // The MP4 holds what was recorded: not less than the recording's seconds, and never more than the
    // time it was streamed (its longer track may pass the video's last frame: by 1.7 s once, on a
    // machine running the whole suite, where the signal is sent slower than real time).
    const mp4Seconds = await probedSeconds(video.variants[0]!.content_href);
    expect(mp4Seconds).toBeGreaterThanOrEqual(seconds - 1.5);
    expect(mp4Seconds).toBeLessThanOrEqual(streamedSeconds + 1);
    expect(video.captions.captions_status).toBe('ready');
    const transcripts = (await call('getAnswerTranscripts', { params: { candidateId }, session: owner.sessionId })).body.answer_transcripts;
    expect(transcripts[0]!.transcript_status).toBe('completed');
    // What IVS wrote is gone once joined, and the stage with it.
    expect(await rawRecordingKeys(recordingId)).toEqual([]);
    const { Item } = await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.liveRecording(recordingId) }));
    expect(Item).toMatchObject({ status: 'assembled', submitted: true });
  }, 120_000);

  it('refuses what a take may not do: a second recording, another candidate, starting after the stop, submitting what was never recorded', async () => {
    const { token } = await invite();
    const other = await invite();
    const { answerId, recordingId } = await openTake(token);

    const again = await call('createAnswerRecording', { params: { token }, body: { answer_id: answerId } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('recording_live');
    // Another candidate's token reaches neither the take nor its recording.
    expect((await call('createAnswerRecording', { params: { token: other.token }, body: { answer_id: answerId } })).status).toBe(404);
    const offer = await sampleOffer();
    expect((await call('startAnswerRecording', { params: { token: other.token, recordingId }, body: { offer } })).status).toBe(404);
    expect((await call('stopAnswerRecording', { params: { token: other.token, recordingId } })).status).toBe(404);
    // Not an offer the service accepts: the spec's message, not a 500.
    const refused = await call('startAnswerRecording', {
      params: { token, recordingId },
      body: { offer: 'v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n' },
    });
    expect(refused.status).toBe(502);
    expect(refused.body.detail).toBe('Unable to connect to recorder');

    // Stopped before it ever went live: nothing to wait for, and nothing to submit.
    const stopped = await call('stopAnswerRecording', { params: { token, recordingId } });
    expect(stopped.body).toEqual({ status: 'failed', seconds: null });
    expect((await call('startAnswerRecording', { params: { token, recordingId }, body: { offer } })).status).toBe(409);
    const submitted = await call('submitAnswer', { params: { token, answerId }, body: { recording_id: recordingId } });
    expect(submitted.status).toBe(400);
    expect(submitted.body.code).toBe('recording_failed');
    // The candidate records again, replacing the lost take: it does not count as a retake.
    const takes = async (replacesAnswerId?: string) => {
      const res = await call('startAnswer', {
        params: { token },
        body: { question_index: 0, content_type: 'video/mp4', ...(replacesAnswerId ? { replaces_answer_id: replacesAnswerId } : {}) },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    const replacing = await takes(answerId);
    expect(replacing.retakes_left).toBe(2); // the position allows 2 retakes, and the lost take used none
    // A take that was not lost is no excuse: naming it counts the new take.
    const counted = await takes(replacing.answer_id);
    expect(counted.retakes_left).toBe(1);
    const live = await call('createAnswerRecording', { params: { token }, body: { answer_id: counted.answer_id } });
    expect(live.status).toBe(201);
    expect(live.body.recording_id).not.toBe(recordingId);
  }, 60_000);
});

describe("a team member's video recorded live", () => {
  it('becomes a media item of the group, processed as an upload; no one else may start or stop it', async () => {
    const group = `live-${Date.now()}`;
    const created = await call('createUserRecording', {
      session: owner.sessionId,
      body: { media_group_id: group, company_id: owner.companyId },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { recording_id: recordingId, video_id: mediaId } = created.body;
    expect(created.body.video_group_id).toBe(group);

    const stranger = await registerAndSignIn('Other Co');
    expect(
      (await call('startUserRecording', { params: { recordingId }, session: stranger.sessionId, body: { offer: await sampleOffer() } })).status,
    ).toBe(404);
    expect((await call('stopUserRecording', { params: { recordingId }, session: stranger.sessionId })).status).toBe(404);
    expect(
      (await call('createUserRecording', { session: stranger.sessionId, body: { media_group_id: `x-${group}`, company_id: owner.companyId } }))
        .status,
    ).toBe(404);

    const { pc } = await publishTestSignal(async (offer) => {
      const res = await call('startUserRecording', { params: { recordingId }, session: owner.sessionId, body: { offer } });
      expect(res.status).toBe(200);
      return res.body.answer;
    }, 3);
    const stopped = await call('stopUserRecording', { params: { recordingId }, session: owner.sessionId });
    await pc.close();
    expect(stopped.body.status).toBe('assembled');

    let group0: { media_id: string; upload_status: string; duration_millis: number | null } | undefined;
    for (let i = 0; i < 300 && group0?.upload_status !== 'ready' && group0?.upload_status !== 'failed'; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 500));
      group0 = (await call('getMediaUploadGroups', { params: { mediaGroupIds: group }, session: owner.sessionId })).body.media_upload_groups[0];
    }
    expect(group0).toMatchObject({ media_id: mediaId, upload_status: 'ready' });
    expect(Math.abs(group0!.duration_millis! / 1000 - 3)).toBeLessThanOrEqual(1.5);
  }, 120_000);
});
