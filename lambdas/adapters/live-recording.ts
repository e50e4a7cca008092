import {
  CreateParticipantTokenCommand,
  CreateStageCommand,
  DeleteStageCommand,
  DisconnectParticipantCommand,
  IVSRealTimeClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-ivs-realtime';
import { GetObjectCommand, ListObjectsV2Command, NoSuchKey } from '@aws-sdk/client-s3';
import { RECONNECT_WINDOW_SECONDS, SPACE_TOKEN_MINUTES } from '../contracts/live-recording';
import { readEnv } from '../platform/env';
import { sdkClientSettings } from '../platform/sdk-config';
import { s3 } from './aws';

/**
 * The live-recording service: Amazon IVS real-time streaming with individual participant recording
 * into the media bucket (issue 30). The control plane goes through the official SDK (its endpoint
 * from AWS_ENDPOINT_URL_IVS_REALTIME locally); publishing goes over WHIP (RFC 9725) to the stage's
 * endpoint, from here rather than from the browser, because IVS's WHIP endpoint redirects and
 * browsers drop Authorization on a cross-origin redirect.
 */
export const ivs = /* @__PURE__ */ new IVSRealTimeClient(/* @__PURE__ */ sdkClientSettings('ivs'));

export interface LiveStage {
  stageArn: string;
  whipEndpoint: string;
}

/** A stage that records each publisher into the media bucket (audio and video), resuming within the reconnect window. */
export const createLiveStage = async (name: string): Promise<LiveStage> => {
  const { stage } = await ivs.send(
    new CreateStageCommand({
      name,
      autoParticipantRecordingConfiguration: {
        storageConfigurationArn: readEnv('IVS_STORAGE_CONFIGURATION_ARN').IVS_STORAGE_CONFIGURATION_ARN,
        mediaTypes: ['AUDIO_VIDEO'],
        recordingReconnectWindowSeconds: RECONNECT_WINDOW_SECONDS,
      },
    }),
  );
  if (!stage?.arn || !stage.endpoints?.whip) throw new Error('IVS created a stage without an ARN or a WHIP endpoint');
  return { stageArn: stage.arn, whipEndpoint: stage.endpoints.whip };
};

/** A token that may only publish to this one stage, for minutes. */
export const createPublishToken = async (stageArn: string, userId: string, attributes: Record<string, string>) => {
  const { participantToken } = await ivs.send(
    new CreateParticipantTokenCommand({ stageArn, userId, attributes, capabilities: ['PUBLISH'], duration: SPACE_TOKEN_MINUTES }),
  );
  if (!participantToken?.token || !participantToken.participantId)
    throw new Error('IVS issued a participant token without a token or participant id');
  return { token: participantToken.token, participantId: participantToken.participantId };
};

const gone = (error: unknown) => error instanceof ResourceNotFoundException || (error as { name?: string }).name === 'ResourceNotFoundException';

/** Ends a participant's publishing (nothing happens when the stage or participant is gone). */
export const disconnectParticipant = async (stageArn: string, participantId: string, reason: string) => {
  try {
    await ivs.send(new DisconnectParticipantCommand({ stageArn, participantId, reason }));
  } catch (error) {
    if (!gone(error)) throw error;
  }
};

export const deleteLiveStage = async (stageArn: string) => {
  try {
    await ivs.send(new DeleteStageCommand({ arn: stageArn }));
  } catch (error) {
    if (!gone(error)) throw error;
  }
};

/** The WHIP endpoint refused or failed (status, when it answered). */
export class WhipFailed extends Error {
  constructor(readonly status: number | null) {
    super(`WHIP ${status ?? 'unreachable'}`);
    this.name = 'WhipFailed';
  }
}

const MAX_REDIRECTS = 5;
const WHIP_TIMEOUT_MS = 10_000;

/**
 * Publishes over WHIP: POSTs the offer with the token, following redirects itself (Authorization
 * is sent again to each hop), and returns the answer and the session's URL (for DELETE).
 */
export const whipPublish = async (endpoint: string, token: string, offer: string): Promise<{ answer: string; location: string }> => {
  let url = endpoint;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/sdp', accept: 'application/sdp' },
        body: offer,
        redirect: 'manual',
        signal: AbortSignal.timeout(WHIP_TIMEOUT_MS),
      });
    } catch {
      throw new WhipFailed(null);
    }
    const location = response.headers.get('location');
    if ([301, 302, 303, 307, 308].includes(response.status) && location) {
      url = new URL(location, url).toString();
      continue;
    }
    if (response.status !== 201 && response.status !== 200) throw new WhipFailed(response.status);
    const answer = await response.text();
    if (!location || !answer.startsWith('v=0')) throw new WhipFailed(response.status);
    return { answer, location: new URL(location, url).toString() };
  }
  throw new WhipFailed(null);
};

/** Ends a WHIP session (an absent one is already ended). */
export const whipEnd = async (location: string, token: string): Promise<void> => {
  try {
    const response = await fetch(location, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(WHIP_TIMEOUT_MS),
    });
    if (!response.ok && response.status !== 404) throw new WhipFailed(response.status);
  } catch (error) {
    if (error instanceof WhipFailed) throw error;
    throw new WhipFailed(null);
  }
};

/** The bucket IVS records into (not the media bucket: IVS writes at a bucket's root). */
export const liveRecordingsBucket = (): string => readEnv('LIVE_RECORDINGS_BUCKET').LIVE_RECORDINGS_BUCKET;

/** Every key IVS wrote under a prefix, in key order. */
export const listRecordedKeys = async (prefix: string): Promise<string[]> => {
  const found: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: liveRecordingsBucket(), Prefix: prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? []) if (object.Key) found.push(object.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return found;
};

/** One file IVS wrote, or null when there is none. */
export const readRecorded = async (key: string): Promise<Uint8Array | null> => {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: liveRecordingsBucket(), Key: key }));
    return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  }
};
