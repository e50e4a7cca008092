import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  CreateParticipantTokenCommand,
  CreateStageCommand,
  DeleteStageCommand,
  DisconnectParticipantCommand,
  GetStageCommand,
  IVSRealTimeClient,
  ResourceNotFoundException,
  ValidationException,
} from '@aws-sdk/client-ivs-realtime';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IVS_RECORDING_EVENT, ivsRecordingLayout, stageIdOf } from '../../lambdas/contracts/live-recording';
import { ivsRecordingEventSchema } from '../../lambdas/contracts/live-recording-schemas';
import { matchesPattern, eventFunctions } from '../../lambdas/event-rules';
import type { EventBridgeEvent } from '../../lib/local/events';
import { startIvsRealtimeLocal, type IvsRealtimeLocal } from '../../lib/local/ivs/server';
import { localEnv, localS3 } from '../support/aws';
import { publishTestSignal as publishSignal, sampleOffer } from '../support/whip-publisher';

/**
 * The IVS real-time stand-in (lib/local/ivs): its control plane through the official SDK, as the
 * handlers reach it (the run's local stack), and WHIP publishing with individual participant
 * recording on an instance of its own, whose events this test collects.
 */
const run = promisify(execFile);
const region = () => localEnv().AWS_REGION!;
const credentials = () => ({ accessKeyId: localEnv().AWS_ACCESS_KEY_ID!, secretAccessKey: localEnv().AWS_SECRET_ACCESS_KEY! });
const ivsClient = (endpoint: string) => new IVSRealTimeClient({ endpoint, region: region(), credentials: credentials() });
const STAGE_ARN = /^arn:aws:ivs:us-east-1:000000000000:stage\/[a-zA-Z0-9]{12}$/;

const errorOf = async (promise: Promise<unknown>): Promise<Error & { $metadata?: { httpStatusCode?: number } }> => {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
};

describe('the IVS real-time control plane (the local stack, through the SDK)', () => {
  const ivs = () => ivsClient(localEnv().AWS_ENDPOINT_URL_IVS_REALTIME!);
  const recordingConfiguration = () => ({
    storageConfigurationArn: localEnv().IVS_STORAGE_CONFIGURATION_ARN!,
    mediaTypes: ['AUDIO_VIDEO' as const],
    recordingReconnectWindowSeconds: 20,
  });

  it('creates a stage recording into the storage configuration, reads it back, and deletes it', async () => {
    const created = await ivs().send(
      new CreateStageCommand({ name: 'answer-1', autoParticipantRecordingConfiguration: recordingConfiguration(), tags: { app: 'interviews' } }),
    );
    const stage = created.stage!;
    expect(stage.arn).toMatch(STAGE_ARN);
    expect(stage.name).toBe('answer-1');
    expect(stage.tags).toEqual({ app: 'interviews' });
    expect(stage.autoParticipantRecordingConfiguration).toMatchObject(recordingConfiguration());
    expect(stage.endpoints?.whip).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/whip$/);
    // No one has joined: no stage session yet.
    expect(stage.activeSessionId).toBeUndefined();

    const read = await ivs().send(new GetStageCommand({ arn: stage.arn }));
    expect(read.stage).toMatchObject({ arn: stage.arn, name: 'answer-1', endpoints: stage.endpoints });

    await ivs().send(new DeleteStageCommand({ arn: stage.arn }));
    const gone = await errorOf(ivs().send(new GetStageCommand({ arn: stage.arn })));
    expect(gone).toBeInstanceOf(ResourceNotFoundException);
    expect(gone.$metadata?.httpStatusCode).toBe(404);
  });

  it('issues a participant token bound to the stage, with its duration, attributes and capabilities', async () => {
    const { stage } = await ivs().send(new CreateStageCommand({ autoParticipantRecordingConfiguration: recordingConfiguration() }));
    const before = Date.now();
    const { participantToken } = await ivs().send(
      new CreateParticipantTokenCommand({
        stageArn: stage!.arn,
        duration: 20,
        userId: 'candidate-1',
        attributes: { answerId: 'a1' },
        capabilities: ['PUBLISH'],
      }),
    );
    expect(participantToken).toMatchObject({ userId: 'candidate-1', attributes: { answerId: 'a1' }, capabilities: ['PUBLISH'], duration: 20 });
    expect(participantToken!.participantId).toMatch(/^[a-zA-Z0-9]{12}$/);
    expect(participantToken!.token!.length).toBeGreaterThan(40);
    // Twenty minutes from the call (the SDK parses the timestamp into a Date; whole seconds).
    expect(participantToken!.expirationTime!.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 20 * 60_000);
    expect(participantToken!.expirationTime!.getTime()).toBeLessThanOrEqual(Date.now() + 20 * 60_000);
    await ivs().send(new DeleteStageCommand({ arn: stage!.arn }));
  });

  it('refuses what IVS refuses, in the error shapes the SDK parses', async () => {
    const unknownStage = 'arn:aws:ivs:us-east-1:000000000000:stage/AbCdef1G2hij';
    const notFound = await errorOf(ivs().send(new CreateParticipantTokenCommand({ stageArn: unknownStage })));
    expect(notFound).toBeInstanceOf(ResourceNotFoundException);
    expect(notFound.message).toContain(unknownStage);

    const badArn = await errorOf(ivs().send(new GetStageCommand({ arn: 'not-an-arn' })));
    expect(badArn).toBeInstanceOf(ValidationException);
    expect(badArn.$metadata?.httpStatusCode).toBe(400);

    const unknownStorage = await errorOf(
      ivs().send(
        new CreateStageCommand({
          autoParticipantRecordingConfiguration: { storageConfigurationArn: 'arn:aws:ivs:us-east-1:000000000000:storage-configuration/nowhere' },
        }),
      ),
    );
    expect(unknownStorage).toBeInstanceOf(ResourceNotFoundException);

    const { stage } = await ivs().send(new CreateStageCommand({ autoParticipantRecordingConfiguration: recordingConfiguration() }));
    const tooLong = await errorOf(ivs().send(new CreateParticipantTokenCommand({ stageArn: stage!.arn, duration: 20_161 })));
    expect(tooLong).toBeInstanceOf(ValidationException);
    const window = await errorOf(
      ivs().send(
        new CreateStageCommand({ autoParticipantRecordingConfiguration: { ...recordingConfiguration(), recordingReconnectWindowSeconds: 301 } }),
      ),
    );
    expect(window).toBeInstanceOf(ValidationException);
    const stranger = await errorOf(ivs().send(new DisconnectParticipantCommand({ stageArn: stage!.arn, participantId: 'nobody' })));
    expect(stranger).toBeInstanceOf(ResourceNotFoundException);
    await ivs().send(new DeleteStageCommand({ arn: stage!.arn }));
  });

  it('revokes a disconnected participant: its token no longer publishes', async () => {
    const { stage } = await ivs().send(new CreateStageCommand({ autoParticipantRecordingConfiguration: recordingConfiguration() }));
    const { participantToken } = await ivs().send(new CreateParticipantTokenCommand({ stageArn: stage!.arn, capabilities: ['PUBLISH'] }));
    await ivs().send(new DisconnectParticipantCommand({ stageArn: stage!.arn, participantId: participantToken!.participantId, reason: 'stopped' }));
    const refused = await postOffer(stage!.endpoints!.whip!, participantToken!.token!, await sampleOffer());
    expect(refused.status).toBe(403);
    await ivs().send(new DeleteStageCommand({ arn: stage!.arn }));
  });
});

// ── WHIP helpers ─────────────────────────────────────────────────────────────────────────────

/** A WHIP POST as our API sends it: to the published URL, following IVS's redirect itself with the token. */
const postOffer = async (whipUrl: string, token: string, offer: string, contentType = 'application/sdp') => {
  const send = (url: string) =>
    fetch(url, { method: 'POST', redirect: 'manual', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, body: offer });
  const first = await send(whipUrl);
  if (first.status !== 307) return { status: first.status, redirected: false, location: null, answer: await first.text() };
  const regional = new URL(first.headers.get('location')!, whipUrl).href;
  const second = await send(regional);
  return {
    status: second.status,
    redirected: true,
    regional,
    contentType: second.headers.get('content-type'),
    location: second.headers.get('location'),
    answer: await second.text(),
  };
};

const deleteSession = (location: string, token: string) => fetch(location, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });

/** Publishes `seconds` of test signal straight to the stand-in's WHIP endpoint (as our API would forward it). */
const publishTestSignal = async (whipUrl: string, token: string, seconds: number) => {
  let response: Awaited<ReturnType<typeof postOffer>> | undefined;
  const { pc } = await publishSignal(async (offer) => {
    response = await postOffer(whipUrl, token, offer);
    if (response.status !== 201) throw new Error(`WHIP answered ${response.status}: ${response.answer}`);
    return response.answer;
  }, seconds);
  return { pc, location: response!.location!, response: response! };
};

const objectText = async (bucket: string, key: string) => {
  const object = await localS3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return object.Body!.transformToString();
};
const objectBytes = async (bucket: string, key: string) => {
  const object = await localS3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
};
const keysUnder = async (bucket: string, prefix: string) =>
  ((await localS3().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }))).Contents ?? []).map((object) => object.Key!).sort();

/** Joins the rendition's init segment and media segments (as the Recording End step does) and probes the MP4. */
const joinAndProbe = async (bucket: string, prefix: string, workDir: string) => {
  const hls = `${prefix}/media/hls`;
  const multivariant = await objectText(bucket, `${hls}/multivariant.m3u8`);
  const rendition = multivariant.split('\n').find((line) => line.endsWith('.m3u8'))!;
  const playlist = await objectText(bucket, `${hls}/${rendition}`);
  const base = `${hls}/${path.posix.dirname(rendition)}`;
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)![1]!;
  const segments = playlist.split('\n').filter((line) => line && !line.startsWith('#'));
  const bytes = Buffer.concat(await Promise.all([init, ...segments].map((name) => objectBytes(bucket, `${base}/${name}`))));
  const file = path.join(workDir, `${path.basename(prefix)}-${segments.length}.mp4`);
  writeFileSync(file, bytes);
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration,format_name:stream=codec_name,codec_type',
    '-of',
    'json',
    file,
  ]);
  const probed = JSON.parse(stdout) as { format: { duration: string; format_name: string }; streams: { codec_name: string; codec_type: string }[] };
  return { multivariant, rendition, playlist, segments, durationSeconds: Number(probed.format.duration), probed };
};

/**
 * What the product's recorder does in the browser, as plain page script: send-only audio and video
 * from the (fake) camera, H.264 preferred, the offer once ICE gathering is complete.
 */
const BROWSER_PUBLISHER = `
const canvasStream = () => {
  // No camera permission: Chromium hides its host addresses behind mDNS names (.local).
  const canvas = Object.assign(document.createElement('canvas'), { width: 640, height: 480 });
  const context = canvas.getContext('2d');
  let frame = 0;
  setInterval(() => {
    frame += 1;
    context.fillStyle = 'hsl(' + ((frame * 7) % 360) + ' 80% 50%)';
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = '#000';
    context.fillText(String(frame), 20 + (frame % 600), 240);
  }, 33);
  const audio = new AudioContext();
  const tone = audio.createOscillator();
  const destination = audio.createMediaStreamDestination();
  tone.connect(destination);
  tone.start();
  return new MediaStream([...canvas.captureStream(30).getVideoTracks(), ...destination.stream.getAudioTracks()]);
};
window.whipOffer = async (source) => {
  const stream = source === 'camera' ? await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 480 }, audio: true }) : canvasStream();
  const pc = new RTCPeerConnection();
  window.pc = pc;
  for (const track of stream.getTracks()) {
    const transceiver = pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
    if (track.kind === 'video') {
      const codecs = RTCRtpReceiver.getCapabilities('video').codecs;
      transceiver.setCodecPreferences([...codecs.filter((c) => /h264/i.test(c.mimeType)), ...codecs.filter((c) => !/h264/i.test(c.mimeType))]);
    }
  }
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') resolve();
    pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve());
  });
  return pc.localDescription.sdp;
};
window.whipAnswer = async (sdp) => {
  await window.pc.setRemoteDescription({ type: 'answer', sdp });
  await new Promise((resolve, reject) => {
    const check = () => {
      if (window.pc.connectionState === 'connected') resolve();
      if (window.pc.connectionState === 'failed') reject(new Error('the connection failed'));
    };
    window.pc.addEventListener('connectionstatechange', check);
    check();
  });
};
window.whipFramesSent = async () => {
  const stats = await window.pc.getStats();
  return [...stats.values()].filter((r) => r.type === 'outbound-rtp' && r.kind === 'video').reduce((sum, r) => sum + (r.framesSent || 0), 0);
};
`;

describe('WHIP publishing and individual participant recording (an IVS stand-in of its own)', () => {
  const storageConfigurationArn = 'arn:aws:ivs:us-east-1:000000000000:storage-configuration/ivs-local-test';
  const bucket = () => localEnv().LIVE_RECORDINGS_BUCKET!;
  const events: EventBridgeEvent[] = [];
  let local: IvsRealtimeLocal;
  let workDir: string;

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(tmpdir(), 'ivs-local-test-'));
    local = await startIvsRealtimeLocal({
      storageConfigurations: { [storageConfigurationArn]: bucket() },
      s3: { endpoint: localEnv().AWS_ENDPOINT_URL_S3!, credentials: credentials() },
      workDir: path.join(workDir, 'recordings'),
      deliverEvent: (event) => {
        events.push(event);
        return Promise.resolve();
      },
    });
  });
  afterAll(async () => {
    await local?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  const newStage = async (reconnectWindowSeconds = 20) => {
    const ivs = ivsClient(local.endpoint);
    const { stage } = await ivs.send(
      new CreateStageCommand({
        autoParticipantRecordingConfiguration: {
          storageConfigurationArn,
          mediaTypes: ['AUDIO_VIDEO'],
          recordingReconnectWindowSeconds: reconnectWindowSeconds,
        },
      }),
    );
    const { participantToken } = await ivs.send(
      new CreateParticipantTokenCommand({ stageArn: stage!.arn, duration: 20, userId: 'u1', capabilities: ['PUBLISH'] }),
    );
    return { ivs, stage: stage!, participantId: participantToken!.participantId!, token: participantToken!.token! };
  };
  const eventsOf = (stageArn: string) => events.filter((event) => event.resources[0] === stageArn);

  it('refuses a missing, foreign or subscribe-only token, and an offer that is not SDP', async () => {
    const { ivs, stage, token } = await newStage();
    const offer = await sampleOffer();
    expect((await postOffer(stage.endpoints!.whip!, '', offer)).status).toBe(401);
    expect((await postOffer(stage.endpoints!.whip!, 'not-a-token', offer)).status).toBe(401);
    // A token the run's local stack issued is signed by another IVS: foreign here.
    const stack = ivsClient(localEnv().AWS_ENDPOINT_URL_IVS_REALTIME!);
    const { stage: otherStage } = await stack.send(new CreateStageCommand({}));
    const { participantToken: foreign } = await stack.send(new CreateParticipantTokenCommand({ stageArn: otherStage!.arn }));
    expect((await postOffer(stage.endpoints!.whip!, foreign!.token!, offer)).status).toBe(401);
    const { participantToken: viewer } = await ivs.send(new CreateParticipantTokenCommand({ stageArn: stage.arn, capabilities: ['SUBSCRIBE'] }));
    const subscribeOnly = await postOffer(stage.endpoints!.whip!, viewer!.token!, offer);
    expect(subscribeOnly).toMatchObject({ status: 403, redirected: true });
    expect((await postOffer(stage.endpoints!.whip!, token, offer, 'application/json')).status).toBe(415);
    expect((await postOffer(stage.endpoints!.whip!, token, 'v=0\r\nnot an offer')).status).toBe(400);
    await ivs.send(new DeleteStageCommand({ arn: stage.arn }));
    await stack.send(new DeleteStageCommand({ arn: otherStage!.arn }));
    await local.idle();
    // Nothing was published, so nothing was recorded.
    expect(eventsOf(stage.arn!)).toEqual([]);
  });

  it('records a published stream in IVS layout (fMP4 HLS, H.264 + AAC) and sends Recording End', async () => {
    const { ivs, stage, participantId, token } = await newStage();
    const published = await publishTestSignal(stage.endpoints!.whip!, token, 4);
    expect(published.response).toMatchObject({ redirected: true, contentType: 'application/sdp' });
    expect(published.response.regional).not.toBe(stage.endpoints!.whip);
    expect(published.location).toMatch(/\/whip\/regional\/us-east-1\/sessions\/[0-9a-f]+$/);
    const activeSessionId = (await ivs.send(new GetStageCommand({ arn: stage.arn }))).stage!.activeSessionId!;
    expect(activeSessionId).toMatch(/^st-[a-zA-Z0-9]+$/);

    // Another participant's token may not end this session.
    const { participantToken: other } = await ivs.send(new CreateParticipantTokenCommand({ stageArn: stage.arn, capabilities: ['PUBLISH'] }));
    expect((await deleteSession(published.location, other!.token!)).status).toBe(403);
    expect((await deleteSession(published.location, token)).status).toBe(200);
    await published.pc.close();
    await local.idle();

    const ended = eventsOf(stage.arn!).find((event) => event.detail.event_name === IVS_RECORDING_EVENT.recordingEnd);
    expect(ended).toBeDefined();
    const event = ivsRecordingEventSchema.parse(ended);
    expect(matchesPattern(eventFunctions.liveRecordingEnded.pattern, ended!)).toBe(true);
    expect(ended).toMatchObject({ version: '0', account: '000000000000', region: 'us-east-1', resources: [stage.arn] });
    const prefix = event.detail.recording_s3_key_prefix;
    expect(prefix).toMatch(new RegExp(`^${stageIdOf(stage.arn!)}/${activeSessionId}/${participantId}/\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ$`));
    expect(event.detail).toMatchObject({ session_id: activeSessionId, participant_id: participantId, recording_s3_bucket_name: bucket() });
    // Recording Start came first, for the same recording.
    expect(eventsOf(stage.arn!).map((e) => e.detail.event_name)).toEqual(['Recording Start', IVS_RECORDING_EVENT.recordingEnd]);

    const keys = await keysUnder(bucket(), `${prefix}/`);
    expect(keys).toEqual(
      expect.arrayContaining([
        `${prefix}/${ivsRecordingLayout.recordingStarted}`,
        `${prefix}/${ivsRecordingLayout.recordingEnded}`,
        `${prefix}/${ivsRecordingLayout.multivariantPlaylist}`,
        `${prefix}/media/hls/high/playlist.m3u8`,
        `${prefix}/media/hls/high/init.mp4`,
        `${prefix}/media/hls/high/1.mp4`,
      ]),
    );
    const joined = await joinAndProbe(bucket(), prefix, workDir);
    expect(joined.rendition).toBe('high/playlist.m3u8');
    expect(joined.multivariant).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
    expect(joined.playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(joined.playlist).toContain('#EXT-X-ENDLIST');
    expect(joined.probed.format.format_name).toContain('mp4');
    expect(joined.probed.streams.map((stream) => `${stream.codec_type}:${stream.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
    // Four seconds were published; the recording holds about that (network start-up aside).
    expect(joined.durationSeconds).toBeGreaterThan(3);
    expect(joined.durationSeconds).toBeLessThan(6);
    // The event's duration is the playlist's (its segments, timed by the video): on a loaded machine the
    // recorder can get fewer video frames than audio, so it may be shorter than the file, never longer.
    expect(Number(ended!.detail.recording_duration_ms)).toBeGreaterThan(1000);
    expect(Number(ended!.detail.recording_duration_ms)).toBeLessThanOrEqual(joined.durationSeconds * 1000 + 500);
    const endedFile = JSON.parse(await objectText(bucket(), `${prefix}/${ivsRecordingLayout.recordingEnded}`)) as Record<string, unknown>;
    expect(endedFile).toMatchObject({
      stage_arn: stage.arn,
      session_id: activeSessionId,
      participant_id: participantId,
      recording_status: 'RECORDING_ENDED',
    });

    // The stage session is over once its only participant's recording ended.
    expect((await ivs.send(new GetStageCommand({ arn: stage.arn }))).stage!.activeSessionId).toBeUndefined();
    await ivs.send(new DeleteStageCommand({ arn: stage.arn }));
  }, 120_000);

  it('continues one recording when the participant publishes again within the reconnect window', async () => {
    const { ivs, stage, participantId, token } = await newStage(30);
    const first = await publishTestSignal(stage.endpoints!.whip!, token, 3);
    // The connection drops without a DELETE, and the same token publishes again.
    await first.pc.close();
    const second = await publishTestSignal(stage.endpoints!.whip!, token, 3);
    await ivs.send(new DisconnectParticipantCommand({ stageArn: stage.arn, participantId, reason: 'stopped' }));
    await second.pc.close();
    await local.idle();

    const endings = eventsOf(stage.arn!).filter((event) => event.detail.event_name !== 'Recording Start');
    expect(endings.map((event) => event.detail.event_name)).toEqual([IVS_RECORDING_EVENT.recordingEnd]);
    const joined = await joinAndProbe(bucket(), String(endings[0]!.detail.recording_s3_key_prefix), workDir);
    expect(joined.durationSeconds).toBeGreaterThan(5);
    expect(joined.durationSeconds).toBeLessThan(9);
    // A session DELETE after DisconnectParticipant finds nothing to end.
    expect((await deleteSession(second.location, token)).status).toBe(404);
    await ivs.send(new DeleteStageCommand({ arn: stage.arn }));
  }, 120_000);

  it('ends the recording when a dropped connection does not come back within the window', async () => {
    const { ivs, stage, participantId, token } = await newStage(1);
    const published = await publishTestSignal(stage.endpoints!.whip!, token, 3);
    // The publisher goes away without a DELETE; werift notices the connection is gone.
    await published.pc.close();
    await expect
      .poll(() => eventsOf(stage.arn!).map((event) => event.detail.event_name), { timeout: 60_000 })
      .toContain(IVS_RECORDING_EVENT.recordingEnd);
    await local.idle();
    const ended = eventsOf(stage.arn!).find((event) => event.detail.event_name === IVS_RECORDING_EVENT.recordingEnd)!;
    expect(ended.detail.participant_id).toBe(participantId);
    const joined = await joinAndProbe(bucket(), String(ended.detail.recording_s3_key_prefix), workDir);
    expect(joined.durationSeconds).toBeGreaterThan(2);
    // The session's resource is gone with the connection.
    expect((await deleteSession(published.location, token)).status).toBe(404);
    await ivs.send(new DeleteStageCommand({ arn: stage.arn }));
  }, 120_000);

  it('ends a recording that never received media with Recording End Failure and no playlist', async () => {
    const { ivs, stage, token } = await newStage();
    // The offer is answered, but the publisher never connects.
    const response = await postOffer(stage.endpoints!.whip!, token, await sampleOffer());
    expect(response.status).toBe(201);
    await ivs.send(new DeleteStageCommand({ arn: stage.arn }));
    await local.idle();

    const failed = eventsOf(stage.arn!).find((event) => event.detail.event_name === IVS_RECORDING_EVENT.recordingEndFailure);
    expect(failed).toBeDefined();
    const prefix = String(failed!.detail.recording_s3_key_prefix);
    expect(await keysUnder(bucket(), `${prefix}/`)).toEqual([
      `${prefix}/events/recording-failed.json`,
      `${prefix}/${ivsRecordingLayout.recordingStarted}`,
    ]);
    expect(matchesPattern(eventFunctions.liveRecordingEnded.pattern, failed!)).toBe(true);
  });

  // With camera permission (the fake UI grants it) Chromium offers its host addresses; without, mDNS names.
  it.each([
    [
      'its fake camera and microphone',
      'camera',
      ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
      /a=candidate:\S+ 1 udp \d+ \d+\.\d+\.\d+\.\d+ /,
    ],
    ['a canvas and a tone, its host addresses hidden behind mDNS names', 'canvas', [], /a=candidate:\S+ 1 udp \d+ [0-9a-f-]+\.local /],
  ])(
    'records a headless Chromium publishing %s over WHIP',
    async (_, source, flags, candidate) => {
      const { ivs, stage, token } = await newStage();
      const browser = await chromium.launch({
        executablePath: '/usr/bin/chromium',
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required', ...flags],
      });
      try {
        const page = await browser.newPage();
        // A secure context (http://localhost) for getUserMedia; the page is the script below, nothing is served.
        await page.route('http://localhost/whip-publisher', (route) =>
          route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>WHIP</title><script>${BROWSER_PUBLISHER}</script>` }),
        );
        await page.goto('http://localhost/whip-publisher');
        const offer = await page.evaluate<string>(`window.whipOffer(${JSON.stringify(source)})`);
        expect(offer).toMatch(candidate);
        const response = await postOffer(stage.endpoints!.whip!, token, offer);
        expect(response.status).toBe(201);
        await page.evaluate(`window.whipAnswer(${JSON.stringify(response.answer)})`);
        // Publish until the browser has sent three seconds of video frames.
        await expect.poll(() => page.evaluate<number>('window.whipFramesSent()'), { timeout: 30_000, interval: 250 }).toBeGreaterThanOrEqual(90);
        expect((await deleteSession(response.location!, token)).status).toBe(200);
      } finally {
        await browser.close();
      }
      await local.idle();
      expect(eventsOf(stage.arn!).map((event) => event.detail.event_name)).toEqual(['Recording Start', IVS_RECORDING_EVENT.recordingEnd]);
      const ended = eventsOf(stage.arn!)[1]!;
      const joined = await joinAndProbe(bucket(), String(ended.detail.recording_s3_key_prefix), workDir);
      expect(joined.probed.streams.map((stream) => `${stream.codec_type}:${stream.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
      expect(joined.durationSeconds).toBeGreaterThan(2.5);
      await ivs.send(new DeleteStageCommand({ arn: stage.arn }));
    },
    120_000,
  );
});
