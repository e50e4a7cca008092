import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readText } from '../net';
import { ACCOUNT, REGION } from './recording';
import { randomId, type Participant, type RecordingConfiguration, type Stage, type StageRegistry } from './stages';
import type { ParticipantTokenClaims, TokenSigner } from './tokens';

/**
 * IVS real-time's control plane, as the official `@aws-sdk/client-ivs-realtime` calls it (REST-JSON:
 * `POST /CreateStage`, `/GetStage`, `/DeleteStage`, `/CreateParticipantToken`, `/DisconnectParticipant`;
 * errors as the SDK parses them: `x-amzn-ErrorType` and `{ exceptionMessage }`).
 */

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

export const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-requestid': randomUUID(), ...headers }).end(JSON.stringify(body));

export interface ControlPlaneOptions {
  readonly registry: StageRegistry;
  readonly signer: TokenSigner;
  /** Storage configuration ARN → bucket name. */
  readonly storageConfigurations: Record<string, string>;
  /** The server's port, for the endpoints a stage names. */
  readonly port: number;
  readonly whipUrl: string;
}

/** The handler of `POST /<operation>` requests, operations kept in the registry. */
export const controlPlaneHandler = ({ registry, signer, storageConfigurations, port, whipUrl }: ControlPlaneOptions) => {
  const { stages, track, endPublishing } = registry;

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

  const operations: Record<string, (input: Record<string, unknown>) => unknown> = {
    CreateStage: (input) => {
      const name = optionalString(input, 'name', 128, /^[a-zA-Z0-9-_]*$/) ?? '';
      const tags = stringMap(input, 'tags');
      let recording: RecordingConfiguration | undefined;
      const auto = input.autoParticipantRecordingConfiguration;
      if (auto !== undefined && auto !== null) {
        if (!isRecord(auto)) throw validation('autoParticipantRecordingConfiguration must be an object.');
        const storageConfigurationArn = requiredString(auto, 'storageConfigurationArn', 128, STORAGE_ARN);
        if (!storageConfigurations[storageConfigurationArn]) throw notFound(`Storage configuration ${storageConfigurationArn} not found.`);
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

  return async (req: IncomingMessage, res: ServerResponse, operationName: string) => {
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
};
