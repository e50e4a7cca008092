import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { AUDIO_ONLY_MESSAGE, VIDEO_ONLY_MESSAGE } from '../../lambdas/contracts/media-types';
import { call } from '../support/api';
import { allocateCredits, localDb, localEnv } from '../support/aws';
import { registerAndSignIn } from '../support/accounts';
import { interviewFixture, seedAnswerSpecs, startAnswer, tokenFromHref, uploadParts } from '../support/interviews';
import { ffprobe } from '../support/media';

const run = promisify(execFile);

/**
 * Audio-only answers (issue 39): an audio question is recorded in an audio type and a video question
 * in a video type, each refusing the other; an audio answer goes through the same media pipeline as a
 * video, into an M4A (AAC) with captions and a transcript and no thumbnail.
 */
const makeAudioClip = async (seconds: number, text = 'hello and welcome to the interview. i have five years of experience with software.') => {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'audio-clip-')), 'clip.webm');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `flite=text='${text}':voice=slt`],
    ...['-af', `apad=whole_dur=${seconds}`, '-t', String(seconds), '-c:a', 'libopus', '-b:a', '32k', file],
  ]);
  return readFile(file);
};

interface AnswerView {
  answer_id: string;
  answer_type: string;
  thumbnail: unknown;
  video: {
    upload_status: string;
    variants: { content_href: string; content_type: string }[];
    captions: { captions_status: string; variants: { content_href: string }[] };
  } | null;
}

const candidateItem = async (candidateId: string) =>
  (await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.candidate(candidateId) }))).Item;

describe('audio answers (issue 39)', () => {
  let sessionId: string;
  let positionId: string;
  beforeAll(async () => {
    const owner = await registerAndSignIn('Audio Answers Co');
    sessionId = owner.sessionId;
    await allocateCredits(owner.companyId, 10);
    const position = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Radio host', interview: interviewFixture({ questions: ['Tell us about your voice', 'And a few words on video'] }) },
    });
    expect(position.status).toBe(201);
    positionId = position.body.position_id;
    // Seeded as stored (quicker than the editor; the API takes them too).
    await seedAnswerSpecs(positionId, [{ answerType: 'audio' }]);
  }, 120_000);

  const invite = async (name: string) => {
    const invited = await call('inviteCandidate', { params: { positionId }, session: sessionId, body: { candidate_name: name, email: null } });
    expect(invited.status).toBe(201);
    return { candidateId: invited.body.candidate_id as string, token: tokenFromHref(invited.body.interview_href) };
  };

  it('records an audio question in an audio type and a video question in a video type, each refusing the other', async () => {
    const { candidateId, token } = await invite('Vic Voice');
    const interview = await call('getInterview', { params: { token } });
    expect(interview.body.questions.map((q: { answer: unknown }) => q.answer)).toEqual([{ answer_type: 'audio' }, { answer_type: 'video' }]);

    const videoForAudio = await startAnswer(token, 0, 'video/webm');
    expect(videoForAudio.status).toBe(400);
    expect(videoForAudio.body).toMatchObject({ code: 'wrong_content_type', detail: AUDIO_ONLY_MESSAGE });
    const audioForVideo = await startAnswer(token, 1, 'audio/webm');
    expect(audioForVideo.status).toBe(400);
    expect(audioForVideo.body).toMatchObject({ code: 'wrong_content_type', detail: VIDEO_ONLY_MESSAGE });
    // Neither refusal used a take.
    expect((await candidateItem(candidateId))?.attempts).toEqual({});
    // Not a type at all: the contract's message.
    const unknown = await startAnswer(token, 0, 'audio/x-unknown');
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('Unable to record a supported video or audio format.');

    for (const contentType of ['audio/webm', 'audio/ogg', 'audio/mp4']) expect((await startAnswer(token, 0, contentType)).status).toBe(201);
    expect((await startAnswer(token, 1, 'video/webm')).status).toBe(201);
  });

  it('processes an audio answer into an M4A with captions and a transcript, and no thumbnail', async () => {
    const { candidateId, token } = await invite('Aud Io');
    const started = await startAnswer(token, 0, 'audio/webm');
    expect(started.status).toBe(201);
    const answerId = started.body.answer_id as string;
    const parts = await uploadParts(token, answerId, await makeAudioClip(4), started.body.min_part_bytes as number);
    const submitted = await call('submitAnswer', { params: { token, answerId }, body: { parts } });
    expect(submitted.status).toBe(200);

    const answerOf = async () => {
      const page = await call('getCandidate', { params: { candidateId }, session: sessionId });
      expect(page.status).toBe(200);
      return (page.body.answers as AnswerView[]).find((a) => a.answer_id === answerId)!;
    };
    await expect.poll(async () => (await answerOf()).video?.upload_status, { timeout: 240_000, interval: 1000 }).toBe('ready');
    const answer = await answerOf();
    expect(answer.answer_type).toBe('audio');
    expect(answer.thumbnail).toBeNull();
    expect(answer.video!.variants.map((v) => v.content_type)).toEqual(['audio/mp4']);
    expect(answer.video!.captions.captions_status).toBe('ready');

    // The variant is audio alone: AAC in MP4, as long as the take.
    const m4a = path.join(await mkdtemp(path.join(tmpdir(), 'audio-out-')), 'answer.m4a');
    const download = await fetch(answer.video!.variants[0]!.content_href);
    expect(download.status).toBe(200);
    await writeFile(m4a, Buffer.from(await download.arrayBuffer()));
    const probed = await ffprobe(m4a);
    expect(probed.streams.map((s) => [s.codec_type, s.codec_name])).toEqual([['audio', 'aac']]);
    expect(Number(probed.format.duration)).toBeGreaterThan(3);

    const captions = await (await fetch(answer.video!.captions.variants[0]!.content_href)).text();
    expect(captions).toMatch(/^WEBVTT/);
    expect(captions).toContain('-->');
    const transcripts = await call('getAnswerTranscripts', { params: { candidateId }, session: sessionId });
    expect(transcripts.status).toBe(200);
    const transcript = (
      transcripts.body.answer_transcripts as { answer_id: string; transcript_status: string; paragraphs: { content: string }[] }[]
    ).find((t) => t.answer_id === answerId);
    expect(transcript?.transcript_status).toBe('completed');
    expect(transcript?.paragraphs.map((p) => p.content).join(' ')).toMatch(/\w+/);

    // The media item keeps the type it was recorded in; its playable variant is the audio file.
    const mediaId = (await candidateItem(candidateId))?.answers.q0.mediaId as string;
    const media = (await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.media(mediaId) }))).Item;
    expect(media).toMatchObject({
      contentType: 'audio/webm',
      uploadStatus: 'ready',
      variants: [{ key: `processed/${mediaId}/audio.m4a`, contentType: 'audio/mp4' }],
    });
  }, 300_000);
});
