import { writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListExecutionsCommand } from '@aws-sdk/client-sfn';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { registerAndSignIn } from '../support/accounts';
import { localEnv, localSfn } from '../support/aws';
import { ffprobe, makeClip } from '../support/media';

let owner: Awaited<ReturnType<typeof registerAndSignIn>>;
beforeAll(async () => {
  owner = await registerAndSignIn('Media Co');
});

const groupId = () => `g-${randomUUID()}`;

const upload = async (contentType: string, bytes: Uint8Array, group = groupId()) => {
  const created = await call('createUserMediaUpload', {
    session: owner.sessionId,
    body: { media_group_id: group, content_type: contentType, properties: { company_id: owner.companyId, size: bytes.length } },
  });
  expect(created.status).toBe(201);
  const put = await fetch(created.body.upload_url, { method: 'PUT', headers: { 'content-type': contentType }, body: Buffer.from(bytes) });
  expect(put.status).toBe(200);
  return { group, mediaId: created.body.media_id as string };
};

const waitForGroup = async (group: string, until: (g: any) => boolean, timeoutMs = 120_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call('getMediaUploadGroups', { params: { mediaGroupIds: group }, session: owner.sessionId });
    const found = res.body.media_upload_groups[0];
    if (found && until(found)) return found;
    if (Date.now() > deadline) throw new Error(`group ${group} stayed ${JSON.stringify(found)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

describe('media uploads and the pipeline', () => {
  it('turns an uploaded recording into a faststart H.264/AAC MP4, a PNG thumbnail, WebVTT captions and a timed transcript', async () => {
    const clip = await makeClip(6);
    const { group, mediaId } = await upload('video/webm', clip.bytes);
    const completed = await call('completeMediaUploads', {
      query: { transcoder: 'default' },
      session: owner.sessionId,
      body: { media_ids: [mediaId] },
    });
    expect(completed.body.media).toEqual([{ media_id: mediaId, upload_status: 'processing' }]);

    const processing = (await call('getMediaUploadGroups', { params: { mediaGroupIds: group }, session: owner.sessionId })).body
      .media_upload_groups[0];
    expect(processing.upload_status).toBe('processing');
    expect(processing.captions.captions_status).toBe('preparing');
    expect(['created', 'submitted']).toContain(processing.transcript_status);

    const ready = await waitForGroup(group, (g) => g.upload_status !== 'processing');
    expect(ready).toMatchObject({ upload_status: 'ready', transcript_status: 'completed', captions: { captions_status: 'ready' } });
    expect(ready.duration_millis).toBeGreaterThan(5500);

    const video = Buffer.from(await (await fetch(ready.variants[0].content_href)).arrayBuffer());
    expect(ready.variants[0].content_type).toBe('video/mp4');
    const file = path.join(tmpdir(), `${mediaId}.mp4`);
    await writeFile(file, video);
    const probe = await ffprobe(file);
    expect(probe.streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
    expect(probe.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    expect(video.indexOf('moov')).toBeLessThan(video.indexOf('mdat')); // faststart: playable while downloading

    const thumbnail = Buffer.from(await (await fetch(ready.thumbnail!.variants[0]!.content_href)).arrayBuffer());
    expect(thumbnail.subarray(1, 4).toString()).toBe('PNG');

    const captions = await (await fetch(ready.captions.variants[0].content_href)).text();
    expect(captions.startsWith('WEBVTT')).toBe(true);
    expect(captions).toMatch(/00:00:0\d\.\d{3} --> 00:00:0\d\.\d{3}/);
    expect(captions.toLowerCase()).toContain('interview');

    // The transcript sits beside the captions: paragraphs with their start times.
    const transcriptHref = ready.captions.variants[0].content_href.replace('captions.vtt', 'transcript.json');
    const transcript = await (await fetch(transcriptHref)).json();
    expect(transcript.paragraphs.length).toBeGreaterThan(0);
    expect(transcript.paragraphs[0]).toEqual({ startMillis: expect.any(Number), content: expect.stringContaining('welcome') });
  });

  it('processes an upload once even when completion is repeated', async () => {
    const clip = await makeClip(2, 'one two three');
    const { group, mediaId } = await upload('video/webm', clip.bytes);
    await call('completeMediaUploads', { session: owner.sessionId, body: { media_ids: [mediaId] } });
    const again = await call('completeMediaUploads', { session: owner.sessionId, body: { media_ids: [mediaId, mediaId] } });
    expect(again.status).toBe(200);
    await waitForGroup(group, (g) => g.upload_status === 'ready');
    const executions = await localSfn().send(new ListExecutionsCommand({ stateMachineArn: localEnv().STATE_MACHINE_ARN }));
    expect(executions.executions!.filter((e) => e.name === mediaId)).toHaveLength(1);
  });

  it('ends a failing step in the stored failed state, never an endless "processing"', async () => {
    const { group, mediaId } = await upload('video/mp4', new TextEncoder().encode('this is not a video at all'));
    await call('completeMediaUploads', { session: owner.sessionId, body: { media_ids: [mediaId] } });
    const failed = await waitForGroup(group, (g) => g.upload_status !== 'processing', 30_000);
    expect(failed).toMatchObject({
      upload_status: 'failed',
      failure_reason: 'The upload is not a video file.',
      captions: { captions_status: 'failed' },
    });
  });

  it('makes images ready at once, with a download link', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const { group, mediaId } = await upload('image/png', png);
    const done = await call('completeMediaUploads', { session: owner.sessionId, body: { media_ids: [mediaId] } });
    expect(done.body.media[0].upload_status).toBe('ready');
    const ready = await waitForGroup(group, (g) => g.upload_status === 'ready', 5000);
    expect(Buffer.from(await (await fetch(ready.variants[0].content_href)).arrayBuffer()).equals(png)).toBe(true);
  });

  it('enforces types, sizes and tenancy with clear 4xx answers', async () => {
    const base = { media_group_id: groupId(), content_type: 'video/webm', properties: { company_id: owner.companyId, size: 1000 } };
    const post = (body: unknown, session = owner.sessionId) => call('createUserMediaUpload', { session, body });
    expect((await post({ ...base, content_type: 'application/pdf' })).body.code).toBe('validation_error');
    const empty = await post({ ...base, properties: { ...base.properties, size: 0 } });
    expect(empty.body.detail[0].msg).toBe('Empty file encountered');
    expect((await post({ ...base, properties: { ...base.properties, size: 600 * 1024 * 1024 } })).body.code).toBe('file_too_large');
    expect((await post({ ...base, content_type: 'image/png', properties: { ...base.properties, size: 6 * 1024 * 1024 } })).body.code).toBe(
      'file_too_large',
    );

    const other = await registerAndSignIn('Other Co');
    expect((await post(base, other.sessionId)).status).toBe(404); // not a member of owner's company
    const mine = await upload('image/png', Buffer.from('89504e470d0a1a0a', 'hex'));
    expect((await call('completeMediaUploads', { session: other.sessionId, body: { media_ids: [mine.mediaId] } })).status).toBe(404);
    expect(
      (await call('getMediaUploadGroups', { params: { mediaGroupIds: mine.group }, session: other.sessionId })).body.media_upload_groups,
    ).toEqual([]);
    const hijack = await post({ ...base, media_group_id: mine.group, properties: { company_id: other.companyId, size: 10 } }, other.sessionId);
    expect(hijack).toMatchObject({ status: 409, body: { code: 'media_group_taken' } });
    expect((await call('getMediaUploadGroups', { params: { mediaGroupIds: ['a', 'b'] }, session: owner.sessionId })).status).toBe(400);
  });

  it('refuses to complete an upload that never arrived', async () => {
    const created = await call('createUserMediaUpload', {
      session: owner.sessionId,
      body: { media_group_id: groupId(), content_type: 'video/webm', properties: { company_id: owner.companyId, size: 10 } },
    });
    const res = await call('completeMediaUploads', { session: owner.sessionId, body: { media_ids: [created.body.media_id] } });
    expect(res).toMatchObject({ status: 400, body: { code: 'upload_missing' } });
  });
});
