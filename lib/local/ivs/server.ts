import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { freePort, readText } from '../net';
import { ACCOUNT, ParticipantRecording, REGION, type IvsEvent } from './recording';
import { createTokenSigner, type ParticipantTokenClaims } from './tokens';
import { startWhipSession, WhipOfferError, type WhipSession } from './whip-session';

/**
 * Amazon IVS real-time streaming, locally (DESIGN.md §6), in one HTTP server:
 * - the control plane the official `@aws-sdk/client-ivs-realtime` calls through
 *   AWS_ENDPOINT_URL_IVS_REALTIME, in its REST-JSON protocol (`POST /CreateStage`, `/GetStage`,
 *   `/DeleteStage`, `/CreateParticipantToken`, `/DisconnectParticipant`; errors as the SDK parses
 *   them: `x-amzn-ErrorType` and `{ exceptionMessage }`, ValidationException 400,
 *   ResourceNotFoundException 404, AccessDeniedException 403);
 * - the WHIP endpoint a stage's `endpoints.whip` names (`<endpoint>/whip`): a POST there is
 *   redirected (307) to the "regional" resource `<endpoint>/whip/regional/us-east-1`, as IVS's global
 *   endpoint redirects, which answers the offer (201, `Location: <endpoint>/whip/regional/us-east-1/sessions/<id>`);
 *   `DELETE <Location>` ends the session. Both take the participant token as `Authorization: Bearer`;
 * - individual participant recording into the S3 stand-in (./recording.ts), announced through
 *   `deliverEvent` as EventBridge would deliver IVS's events.
 * Stages, tokens and sessions live in memory, like the stages' short lives in AWS.
 */
export interface IvsRealtimeLocalOptions {
  /** Storage configuration ARN → bucket name. */
  storageConfigurations: Record<string, string>;
  s3: { endpoint: string; credentials: { accessKeyId: string; secretAccessKey: string } };
  /** Where recordings are assembled before upload. */
  workDir: string;
  /** Hands an event to EventBridge's rules (lib/local/events.ts). */
  deliverEvent: (event: IvsEvent) => Promise<void>;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}

export interface IvsRealtimeLocal {
  /** The control plane's endpoint (AWS_ENDPOINT_URL_IVS_REALTIME). */
  endpoint: string;
  /** The WHIP URL every stage's `endpoints.whip` gives. */
  whipUrl: string;
  /** Resolves once no recording is being written or waiting out its reconnect window. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

class ServiceError extends Error {
  constructor(
    readonly type: 'ValidationException' | 'ResourceNotFoundException' | 'AccessDeniedException' | 'ConflictException' | 'UnknownOperationException',
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
const validation = (message: string) => new ServiceError('ValidationException', 400, message);
const notFound = (message: string) => new ServiceError('ResourceNotFoundException', 404, message);

interface RecordingConfiguration {
  storageConfigurationArn: string;
  mediaTypes: string[];
  recordingReconnectWindowSeconds: number;
  [key: string]: unknown;
}

interface Participant {
  id: string;
  userId?: string;
  attributes: Record<string, string>;
  capabilities: string[];
  revoked: boolean;
  whip?: WhipSession;
  recording?: ParticipantRecording;
}

interface Stage {
  arn: string;
  id: string;
  name: string;
  tags: Record<string, string>;
  recording?: RecordingConfiguration;
  session?: string;
  participants: Map<string, Participant>;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomId = (length: number) => Array.from(randomBytes(length), (byte) => ALNUM[byte % ALNUM.length]).join('');
const STAGE_ARN = /^arn:aws:ivs:[a-z0-9-]+:[0-9]+:stage\/[a-zA-Z0-9-]+$/;
const STORAGE_ARN = /^$|^arn:aws:ivs:[a-z0-9-]+:[0-9]+:storage-configuration\/[a-zA-Z0-9-]+$/;
const CAPABILITIES = ['PUBLISH', 'SUBSCRIBE'];
const MEDIA_TYPES = ['AUDIO_VIDEO', 'AUDIO_ONLY', 'NONE'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (input: Record<string, unknown>, name: string, max: number, pattern?: RegExp): string | undefined => {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > max || (pattern && !pattern.test(value))) throw validation(`${name} is not valid.`);
  return value;
};
const requiredString = (input: Record<string, unknown>, name: string, max: number, pattern?: RegExp): string => {
  const value = optionalString(input, name, max, pattern);
  if (value === undefined || value === '') throw validation(`${name} is required.`);
  return value;
};
const stringMap = (input: Record<string, unknown>, name: string): Record<string, string> => {
  const value = input[name];
  if (value === undefined || value === null) return {};
  if (!isRecord(value) || Object.values(value).some((entry) => typeof entry !== 'string')) throw validation(`${name} must be a map of strings.`);
  return value as Record<string, string>;
};
const enumList = (input: Record<string, unknown>, name: string, allowed: string[], fallback: string[]): string[] => {
  const value = input[name];
  if (value === undefined || value === null) return fallback;
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string' || !allowed.includes(entry))) {
    throw validation(`${name} must be a list of ${allowed.join(', ')}.`);
  }
  return value as string[];
};
const integer = (input: Record<string, unknown>, name: string, min: number, max: number, fallback: number): number => {
  const value = input[name];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw validation(`${name} must be an integer from ${min} to ${max}.`);
  return value;
};

export const startIvsRealtimeLocal = async (options: IvsRealtimeLocalOptions): Promise<IvsRealtimeLocal> => {
  const log = options.log ?? (() => undefined);
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const whipUrl = `${endpoint}/whip`;
  const regionalWhip = `${endpoint}/whip/regional/${REGION}`;
  const signer = createTokenSigner();
  const s3 = new S3Client({ endpoint: options.s3.endpoint, region: REGION, credentials: options.s3.credentials, forcePathStyle: true });
  const stages = new Map<string, Stage>();
  const sessions = new Map<string, { session: WhipSession; stage: Stage; participant: Participant }>();

  const busy = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const settled = work.catch(() => undefined);
    busy.add(settled);
    void settled.finally(() => busy.delete(settled));
  };

  const stageView = (stage: Stage) => ({
    arn: stage.arn,
    name: stage.name,
    ...(stage.session ? { activeSessionId: stage.session } : {}),
    tags: stage.tags,
    autoParticipantRecordingConfiguration: stage.recording ?? { storageConfigurationArn: '', mediaTypes: ['AUDIO_VIDEO'] },
    endpoints: {
      whip: whipUrl,
      events: `ws://127.0.0.1:${port}/events`,
      rtmp: `rtmp://127.0.0.1:${port}/app/`,
      rtmps: `rtmps://127.0.0.1:${port}/app/`,
    },
  });

  const findStage = (arn: string): Stage => {
    const stage = stages.get(arn);
    if (!stage) throw notFound(`Stage ${arn} not found.`);
    return stage;
  };

  const issueToken = (stage: Stage, input: Record<string, unknown>) => {
    const duration = integer(input, 'duration', 1, 20_160, 720);
    const userId = optionalString(input, 'userId', 128);
    const attributes = stringMap(input, 'attributes');
    if (JSON.stringify(attributes).length > 1024) throw validation('attributes may hold at most 1 KB.');
    const capabilities = enumList(input, 'capabilities', CAPABILITIES, CAPABILITIES);
    const participant: Participant = { id: randomId(12), userId, attributes, capabilities, revoked: false };
    stage.participants.set(participant.id, participant);
    const now = Math.floor(Date.now() / 1000);
    const claims: ParticipantTokenClaims = {
      stageArn: stage.arn,
      participantId: participant.id,
      userId,
      capabilities,
      iat: now,
      exp: now + duration * 60,
    };
    return {
      participantId: participant.id,
      token: signer.issue(claims),
      ...(userId === undefined ? {} : { userId }),
      attributes,
      duration,
      capabilities,
      expirationTime: new Date(claims.exp * 1000).toISOString().replace(/\.\d+Z$/, 'Z'),
    };
  };

  /** Ends a participant's publishing: the WHIP session is closed (its part flushed) and the recording ends. */
  const endPublishing = async (stage: Stage, participant: Participant): Promise<void> => {
    const session = participant.whip;
    participant.whip = undefined;
    if (session) {
      sessions.delete(session.id);
      await session.close();
    }
    const recording = participant.recording;
    participant.recording = undefined;
    if (recording) await recording.end();
    if (![...stage.participants.values()].some((other) => other.recording)) stage.session = undefined;
  };

  const operations: Record<string, (input: Record<string, unknown>) => unknown> = {
    CreateStage: (input) => {
      const name = optionalString(input, 'name', 128, /^[a-zA-Z0-9-_]*$/) ?? '';
      const tags = stringMap(input, 'tags');
      let recording: RecordingConfiguration | undefined;
      const auto = input.autoParticipantRecordingConfiguration;
      if (auto !== undefined && auto !== null) {
        if (!isRecord(auto)) throw validation('autoParticipantRecordingConfiguration must be an object.');
        const storageConfigurationArn = requiredString(auto, 'storageConfigurationArn', 128, STORAGE_ARN);
        if (!options.storageConfigurations[storageConfigurationArn]) throw notFound(`Storage configuration ${storageConfigurationArn} not found.`);
        const mediaTypes = enumList(auto, 'mediaTypes', MEDIA_TYPES, ['AUDIO_VIDEO']);
        if (mediaTypes.length > 1) throw validation('mediaTypes may hold one item.');
        recording = {
          ...auto,
          storageConfigurationArn,
          mediaTypes,
          recordingReconnectWindowSeconds: integer(auto, 'recordingReconnectWindowSeconds', 0, 300, 0),
        };
      }
      const configurations = input.participantTokenConfigurations ?? [];
      if (!Array.isArray(configurations) || configurations.length > 12 || !configurations.every(isRecord)) {
        throw validation('participantTokenConfigurations must be a list of at most 12 objects.');
      }
      const id = randomId(12);
      const stage: Stage = { arn: `arn:aws:ivs:${REGION}:${ACCOUNT}:stage/${id}`, id, name, tags, recording, participants: new Map() };
      const participantTokens = configurations.map((configuration) => issueToken(stage, configuration));
      stages.set(stage.arn, stage);
      return { stage: stageView(stage), participantTokens };
    },
    GetStage: (input) => ({ stage: stageView(findStage(requiredString(input, 'arn', 128, STAGE_ARN))) }),
    DeleteStage: (input) => {
      const stage = findStage(requiredString(input, 'arn', 128, STAGE_ARN));
      stages.delete(stage.arn);
      for (const participant of stage.participants.values()) {
        participant.revoked = true;
        if (participant.whip || participant.recording) track(endPublishing(stage, participant));
      }
      return {};
    },
    CreateParticipantToken: (input) => {
      const stage = findStage(requiredString(input, 'stageArn', 128, STAGE_ARN));
      return { participantToken: issueToken(stage, input) };
    },
    DisconnectParticipant: (input) => {
      const stage = findStage(requiredString(input, 'stageArn', 128, STAGE_ARN));
      const participantId = requiredString(input, 'participantId', 64);
      optionalString(input, 'reason', 128);
      const participant = stage.participants.get(participantId);
      if (!participant) throw notFound(`Participant ${participantId} not found on the stage.`);
      // IVS revokes the participant for good: its token no longer joins.
      participant.revoked = true;
      if (participant.whip || participant.recording) track(endPublishing(stage, participant));
      return {};
    },
  };

  const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-requestid': randomUUID(), ...headers }).end(JSON.stringify(body));

  const handleControlPlane = async (req: IncomingMessage, res: ServerResponse, operationName: string) => {
    const text = await readText(req, 1024 * 1024);
    try {
      const operation = operations[operationName];
      if (!operation) throw new ServiceError('UnknownOperationException', 404, `The local IVS stand-in does not implement ${operationName}.`);
      if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
        throw new ServiceError('AccessDeniedException', 403, 'Missing Authentication Token');
      }
      let input: unknown;
      try {
        input = JSON.parse(text || '{}');
      } catch {
        throw validation('The request body is not valid JSON.');
      }
      if (!isRecord(input)) throw validation('The request body must be a JSON object.');
      sendJson(res, 200, operation(input));
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      sendJson(res, error.status, { exceptionMessage: error.message, message: error.message }, { 'x-amzn-errortype': error.type });
    }
  };

  // ── WHIP ────────────────────────────────────────────────────────────────────────────────────
  class WhipError extends Error {
    constructor(
      readonly status: number,
      message: string,
    ) {
      super(message);
    }
  }
  const bearer = (req: IncomingMessage): { claims: ParticipantTokenClaims; expired: boolean } => {
    const match = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''));
    const claims = match?.[1] ? signer.read(match[1]) : undefined;
    if (!claims) throw new WhipError(401, 'A participant token is required (Authorization: Bearer).');
    return { claims, expired: claims.exp * 1000 <= Date.now() };
  };

  /** A connection dropped without a DELETE: its part is flushed, and the recording waits out the reconnect window. */
  const connectionLost = (stage: Stage, participant: Participant, session: WhipSession) => {
    if (participant.whip !== session) return;
    participant.whip = undefined;
    sessions.delete(session.id);
    log('IVS stand-in: a participant connection was lost', { stageArn: stage.arn, participantId: participant.id });
    const dropped = participant.recording;
    track(
      session.close().then(async () => {
        if (!dropped || participant.recording !== dropped || participant.whip) return;
        await dropped.disconnected();
        if (participant.recording === dropped && dropped.state === 'ended') {
          participant.recording = undefined;
          if (![...stage.participants.values()].some((other) => other.recording)) stage.session = undefined;
        }
      }),
    );
  };

  const publish = async (req: IncomingMessage, res: ServerResponse) => {
    const { claims, expired } = bearer(req);
    if (expired) throw new WhipError(401, 'The participant token has expired.');
    const stage = stages.get(claims.stageArn);
    const participant = stage?.participants.get(claims.participantId);
    if (!stage || !participant) throw new WhipError(403, 'The stage of this token no longer exists.');
    if (participant.revoked) throw new WhipError(403, 'The participant was disconnected from the stage.');
    if (!claims.capabilities.includes('PUBLISH')) throw new WhipError(403, 'The participant token may not publish.');
    if (!/^application\/sdp\b/i.test(String(req.headers['content-type'] ?? '')))
      throw new WhipError(415, 'The offer must be sent as application/sdp.');
    const offer = await readText(req, 64 * 1024, () => new WhipError(413, 'The offer is too large.'));

    const recordingConfig = stage.recording?.storageConfigurationArn ? stage.recording : undefined;
    const bucket = recordingConfig ? options.storageConfigurations[recordingConfig.storageConfigurationArn] : undefined;
    const recorded = Boolean(recordingConfig && bucket && recordingConfig.mediaTypes[0] !== 'NONE');
    // A connection that publishes again (a reconnect) adds a part to the participant's open recording.
    const workDir = participant.recording?.workDir ?? path.join(options.workDir, `${stage.id}-${participant.id}-${Date.now()}`);
    const file = recorded ? path.join(workDir, `part-${randomUUID()}.webm`) : undefined;
    if (file) mkdirSync(workDir, { recursive: true });
    let session: WhipSession;
    try {
      session = await startWhipSession({ offer, file, log, onLost: () => connectionLost(stage, participant, session) });
    } catch (error) {
      if (!participant.recording) rmSync(workDir, { recursive: true, force: true });
      if (error instanceof WhipOfferError) throw new WhipError(400, error.message);
      throw error;
    }
    // The new connection replaces the participant's previous one, if any.
    const previous = participant.whip;
    participant.whip = session;
    sessions.set(session.id, { session, stage, participant });
    if (previous) {
      sessions.delete(previous.id);
      await previous.close();
    }
    if (file && recordingConfig && bucket) {
      if (!participant.recording) {
        stage.session ??= `st-${randomId(12)}`;
        participant.recording = new ParticipantRecording({
          stageArn: stage.arn,
          stageId: stage.id,
          sessionId: stage.session,
          participantId: participant.id,
          userId: participant.userId,
          bucket,
          reconnectWindowSeconds: recordingConfig.recordingReconnectWindowSeconds,
          workDir,
          s3,
          deliverEvent: options.deliverEvent,
          log,
        });
      }
      participant.recording.addPart(file);
    }
    res
      .writeHead(201, {
        'content-type': 'application/sdp',
        location: `${regionalWhip}/sessions/${session.id}`,
        etag: `"${session.id}"`,
      })
      .end(session.answer);
  };

  const unpublish = async (req: IncomingMessage, res: ServerResponse, sessionId: string) => {
    const { claims } = bearer(req);
    const entry = sessions.get(sessionId);
    if (!entry) throw new WhipError(404, 'No such WHIP session.');
    if (entry.stage.arn !== claims.stageArn || entry.participant.id !== claims.participantId)
      throw new WhipError(403, 'This session belongs to another participant.');
    const ended = endPublishing(entry.stage, entry.participant);
    track(ended);
    res.writeHead(200).end();
  };

  const handleWhip = async (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    try {
      if (pathname === '/whip' || pathname === '/whip/') {
        if (req.method !== 'POST') throw new WhipError(405, 'POST an SDP offer here.');
        // As IVS's global endpoint does: a bad token is refused here, a good one sent on to the region.
        const { expired } = bearer(req);
        if (expired) throw new WhipError(401, 'The participant token has expired.');
        req.resume();
        res.writeHead(307, { location: regionalWhip }).end();
        return;
      }
      if (pathname === `/whip/regional/${REGION}`) {
        if (req.method !== 'POST') throw new WhipError(405, 'POST an SDP offer here.');
        await publish(req, res);
        return;
      }
      const sessionId = new RegExp(`^/whip/regional/${REGION}/sessions/([0-9a-f]+)$`).exec(pathname)?.[1];
      if (sessionId) {
        // No trickle ICE or ICE restarts (the client gathers before it offers): PATCH is not allowed.
        if (req.method !== 'DELETE') throw new WhipError(405, 'Only DELETE ends a session here.');
        await unpublish(req, res, sessionId);
        return;
      }
      throw new WhipError(404, 'Not found.');
    } catch (error) {
      if (!(error instanceof WhipError)) throw error;
      req.resume();
      res
        .writeHead(error.status, { 'content-type': 'text/plain', ...(error.status === 401 ? { 'www-authenticate': 'Bearer' } : {}) })
        .end(error.message);
    }
  };

  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', endpoint);
    const handled = pathname.startsWith('/whip')
      ? handleWhip(req, res, pathname)
      : req.method === 'POST'
        ? handleControlPlane(req, res, pathname.slice(1))
        : Promise.resolve(void sendJson(res, 404, { message: 'Not found' }, { 'x-amzn-errortype': 'UnknownOperationException' }));
    handled.catch((error: unknown) => {
      log('IVS stand-in: request failed', { error: String(error) });
      if (!res.headersSent) sendJson(res, 500, { exceptionMessage: String(error) }, { 'x-amzn-errortype': 'InternalServerException' });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

  return {
    endpoint,
    whipUrl,
    idle: async () => {
      while (busy.size > 0) await Promise.all([...busy]);
    },
    stop: async () => {
      for (const stage of stages.values())
        for (const participant of stage.participants.values()) {
          participant.recording?.abandon();
          await participant.whip?.close().catch(() => undefined);
        }
      stages.clear();
      sessions.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      rmSync(options.workDir, { recursive: true, force: true });
    },
  };
};
