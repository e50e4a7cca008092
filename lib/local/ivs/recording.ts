import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { IVS_RECORDING_EVENT, ivsRecordingLayout } from '../../../lambdas/contracts/live-recording';
import type { EventBridgeEvent } from '../events';
import { encodeHls } from './hls';
import { partHasData } from './whip-session';

/**
 * One participant's recording, as IVS individual participant recording makes it: it starts when the
 * participant publishes, survives a dropped connection that publishes again within the stage's
 * `recordingReconnectWindowSeconds` (each connection is a part; the parts are joined), and ends on
 * WHIP DELETE, DisconnectParticipant, DeleteStage, or the window passing. Then its files go to the
 * storage configuration's bucket under `<stage id>/<stage session id>/<participant id>/<recording
 * session id>/` and the "IVS Participant Recording State Change" event is sent:
 * - `events/recording-started.json` (written when it starts, with a Recording Start event);
 * - with media: `media/hls/multivariant.m3u8`, `media/hls/high/playlist.m3u8`, `media/hls/high/init.mp4`,
 *   `media/hls/high/1.mp4`, … (fragmented MP4, H.264 + AAC), `events/recording-ended.json`, Recording End;
 * - without any (the connection never carried media): `events/recording-failed.json`, Recording End Failure.
 */
export const REGION = 'us-east-1';
export const ACCOUNT = '000000000000';

export type IvsEvent = EventBridgeEvent;

export interface RecordingContext {
  stageArn: string;
  stageId: string;
  sessionId: string;
  participantId: string;
  userId?: string;
  bucket: string;
  reconnectWindowSeconds: number;
  /** A directory of its own for the parts and the encoded files. */
  workDir: string;
  s3: S3Client;
  deliverEvent: (event: IvsEvent) => Promise<void>;
  log: (msg: string, fields?: Record<string, unknown>) => void;
}

/** IVS's recording session ids are the start time, e.g. 2024-01-01T12-00-55Z. */
const recordingSessionId = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');

export class ParticipantRecording {
  readonly prefix: string;
  readonly startedAt = new Date();
  state: 'publishing' | 'disconnected' | 'ending' | 'ended' = 'publishing';
  private readonly parts: string[] = [];
  private windowTimer: NodeJS.Timeout | undefined;
  private ending: Promise<void> | undefined;
  private readonly started: Promise<void>;
  private resolveWindow: (() => void) | undefined;

  constructor(private readonly context: RecordingContext) {
    this.prefix = `${context.stageId}/${context.sessionId}/${context.participantId}/${recordingSessionId(this.startedAt)}`;
    mkdirSync(context.workDir, { recursive: true });
    this.started = this.writeStarted().catch((error: unknown) =>
      context.log('IVS stand-in: could not write recording-started', { error: String(error) }),
    );
  }

  /** Where the parts are recorded and the files assembled. */
  get workDir(): string {
    return this.context.workDir;
  }

  /** A connection publishes (again): what it records is the next part. */
  addPart(file: string) {
    this.parts.push(file);
    this.reconnected();
  }

  /** The connection dropped: the recording waits for the window, then ends. Resolves when it has ended. */
  disconnected(): Promise<void> {
    if (this.state !== 'publishing') return this.ending ?? Promise.resolve();
    this.state = 'disconnected';
    return new Promise<void>((resolve) => {
      this.resolveWindow = resolve;
      this.windowTimer = setTimeout(() => {
        this.windowTimer = undefined;
        this.resolveWindow = undefined;
        void this.end().then(resolve);
      }, this.context.reconnectWindowSeconds * 1000);
    });
  }

  private reconnected() {
    if (this.windowTimer) clearTimeout(this.windowTimer);
    this.windowTimer = undefined;
    this.resolveWindow?.();
    this.resolveWindow = undefined;
    if (this.state === 'disconnected') this.state = 'publishing';
  }

  /** Ends the recording: encodes, uploads and sends the event. Idempotent. */
  end(): Promise<void> {
    if (this.windowTimer) clearTimeout(this.windowTimer);
    this.windowTimer = undefined;
    this.state = this.state === 'ended' ? 'ended' : 'ending';
    this.ending ??= this.finish()
      .catch((error: unknown) => this.context.log('IVS stand-in: recording could not be written', { prefix: this.prefix, error: String(error) }))
      .finally(() => {
        this.state = 'ended';
        this.resolveWindow?.();
        rmSync(this.context.workDir, { recursive: true, force: true });
      });
    return this.ending;
  }

  /** Stops without writing anything (the stand-in shuts down). */
  abandon() {
    if (this.windowTimer) clearTimeout(this.windowTimer);
    this.resolveWindow?.();
    this.state = 'ended';
  }

  private put(key: string, body: Buffer | string, contentType: string) {
    return this.context.s3.send(
      new PutObjectCommand({ Bucket: this.context.bucket, Key: `${this.prefix}/${key}`, Body: body, ContentType: contentType }),
    );
  }

  private event(eventName: string, extra: Record<string, unknown> = {}): IvsEvent {
    return {
      version: '0',
      id: randomUUID(),
      'detail-type': IVS_RECORDING_EVENT.detailType,
      source: IVS_RECORDING_EVENT.source,
      account: ACCOUNT,
      time: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      region: REGION,
      resources: [this.context.stageArn],
      detail: {
        session_id: this.context.sessionId,
        event_name: eventName,
        participant_id: this.context.participantId,
        recording_s3_bucket_name: this.context.bucket,
        recording_s3_key_prefix: this.prefix,
        ...extra,
      },
    };
  }

  private metadata(status: string, extra: Record<string, unknown> = {}) {
    return `${JSON.stringify(
      {
        version: 'v1',
        stage_arn: this.context.stageArn,
        session_id: this.context.sessionId,
        participant_id: this.context.participantId,
        recording_started_at: this.startedAt.toISOString(),
        recording_status: status,
        ...extra,
      },
      null,
      2,
    )}\n`;
  }

  private async writeStarted() {
    await this.put(
      ivsRecordingLayout.recordingStarted,
      this.metadata('RECORDING_STARTED', { media: { hls: { path: 'media/hls', playlist: 'multivariant.m3u8' } } }),
      'application/json',
    );
    await this.context.deliverEvent(this.event('Recording Start'));
  }

  private async finish() {
    await this.started;
    const parts = this.parts.filter(partHasData);
    const hlsDir = path.join(this.context.workDir, 'hls');
    let failure = 'No video was received from the participant.';
    const hls =
      parts.length > 0
        ? await encodeHls(parts, hlsDir).catch((error: unknown) => {
            failure = `The recording could not be encoded: ${error instanceof Error ? error.message : String(error)}`;
            return undefined;
          })
        : undefined;
    this.context.log('IVS stand-in: recording ended', {
      prefix: this.prefix,
      parts: this.parts.length,
      durationMs: hls?.durationMs,
      ...(hls ? {} : { failure }),
    });
    const endedAt = new Date().toISOString();
    if (!hls) {
      await this.put(
        'events/recording-failed.json',
        this.metadata('RECORDING_ENDED_WITH_FAILURE', { recording_ended_at: endedAt, recording_status_message: failure }),
        'application/json',
      );
      await this.context.deliverEvent(this.event(IVS_RECORDING_EVENT.recordingEndFailure));
      return;
    }
    for (const file of hls.files) {
      const contentType = file.endsWith('.m3u8') ? 'application/x-mpegURL' : 'video/mp4';
      await this.put(`media/hls/${file}`, readFileSync(path.join(hlsDir, file)), contentType);
    }
    await this.put(
      ivsRecordingLayout.recordingEnded,
      this.metadata('RECORDING_ENDED', {
        recording_ended_at: endedAt,
        media: {
          hls: {
            duration_ms: hls.durationMs,
            path: 'media/hls',
            playlist: ivsRecordingLayout.multivariantPlaylist.slice('media/hls/'.length),
            renditions: [{ path: 'high', playlist: 'playlist.m3u8', resolution_width: hls.width, resolution_height: hls.height }],
          },
        },
      }),
      'application/json',
    );
    await this.context.deliverEvent(this.event(IVS_RECORDING_EVENT.recordingEnd, { recording_duration_ms: hls.durationMs }));
  }
}
