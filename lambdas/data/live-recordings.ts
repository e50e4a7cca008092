import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LiveRecordingStatus } from '../contracts/live-recording';
import { itemRead, type BatchRead } from './batch-get';
import { db, tableName } from './client';
import { keys } from './keys';
import { ConditionFailed, transact } from './transaction';
import { writeIf } from './conditional-write';

/**
 * A live recording (issue 30): one take of a candidate streamed to an IVS stage that records it.
 * Its id is the stage's. `status` moves created → live → stopped → assembled (or failed); `submitted`
 * is set when the candidate submits the take. Whichever of submission and assembly comes second
 * starts the media's processing, so it starts exactly once whatever order they come in.
 */
export interface LiveRecording {
  recordingId: string;
  stageArn: string;
  whipEndpoint: string;
  participantId: string;
  spaceToken: string;
  companyId: string;
  /** A candidate's take (the interview token authorizes it), or a team member's video (their session does). */
  candidateId: string | null;
  answerId: string | null;
  userId: string | null;
  mediaId: string;
  /** The take's upload: the joined recording is written into it. */
  key: string;
  uploadId: string;
  maxSeconds: number;
  status: LiveRecordingStatus;
  submitted: boolean;
  whipLocation: string | null;
  /** The recording's length once assembled (seconds). */
  seconds: number | null;
  failureReason: string | null;
  createdAt: string;
  /** DynamoDB TTL (epoch seconds): the item outlives any take. */
  ttl: number;
}

const DAY_SECONDS = 86_400;

const fromItem = (item: Record<string, unknown>): LiveRecording => {
  const { PK: _pk, SK: _sk, type: _type, ...rest } = item;
  return rest as unknown as LiveRecording;
};

export const liveRecordingRead = (recordingId: string): BatchRead<LiveRecording | null> => itemRead(keys.liveRecording(recordingId), fromItem);

export const getLiveRecording = async (recordingId: string): Promise<LiveRecording | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.liveRecording(recordingId), ConsistentRead: true }));
  return Item ? fromItem(Item) : null;
};

export class TakeAlreadyLive extends Error {}

/**
 * The recording, and a candidate's take marked as recorded live, in one transaction: one live
 * recording per take. A team member's video needs no submission: it is processed once recorded.
 */
export const createLiveRecording = async (
  recording: Omit<LiveRecording, 'status' | 'submitted' | 'whipLocation' | 'seconds' | 'failureReason' | 'createdAt' | 'ttl'>,
): Promise<LiveRecording> => {
  const now = new Date();
  const item: LiveRecording = {
    ...recording,
    status: 'created',
    submitted: recording.answerId === null,
    whipLocation: null,
    seconds: null,
    failureReason: null,
    createdAt: now.toISOString(),
    ttl: Math.floor(now.getTime() / 1000) + 30 * DAY_SECONDS,
  };
  try {
    await transact([
      {
        name: 'recording',
        item: {
          Put: {
            TableName: tableName(),
            Item: { ...keys.liveRecording(recording.recordingId), type: 'liveRecording', ...item },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
      ...(recording.candidateId && recording.answerId
        ? [
            {
              name: 'take',
              item: {
                Update: {
                  TableName: tableName(),
                  Key: keys.attempt(recording.candidateId, recording.answerId),
                  UpdateExpression: 'SET recordingId = :id',
                  ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(recordingId)',
                  ExpressionAttributeValues: { ':id': recording.recordingId },
                },
              },
            },
          ]
        : []),
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed) throw new TakeAlreadyLive();
    throw error;
  }
  return item;
};

/** An update that applies only from the given statuses; null when the recording is in another one. */
const update = async (
  recordingId: string,
  set: Record<string, unknown>,
  from: readonly LiveRecordingStatus[] | null,
): Promise<LiveRecording | null> => {
  const names = Object.keys(set);
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.liveRecording(recordingId),
        UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
        ConditionExpression: from ? `attribute_exists(PK) AND #status IN (${from.map((_, i) => `:from${i}`).join(', ')})` : 'attribute_exists(PK)',
        ExpressionAttributeNames: Object.fromEntries([...names, ...(from ? ['status'] : [])].map((name) => [`#${name}`, name])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(names.map((name) => [`:${name}`, set[name]])),
          ...Object.fromEntries((from ?? []).map((status, i) => [`:from${i}`, status])),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? fromItem(Attributes) : null;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
};

/** The stream is (again) live through this WHIP session. */
export const markLive = (recordingId: string, whipLocation: string) => update(recordingId, { status: 'live', whipLocation }, ['created', 'live']);

/** The stream was ended (by the candidate, or at the time limit). */
export const markStopped = (recordingId: string) =>
  update(recordingId, { status: 'stopped', stoppedAt: new Date().toISOString() }, ['created', 'live']);

/** How long one joiner holds a recording before another may take over (a joiner that died). */
const JOIN_LEASE_SECONDS = 150;

/**
 * Claims the joining of a recording, so the Recording End event and a `stop` that found the files
 * never join it at once: true for the one caller that may join it now.
 */
export const claimJoin = async (recordingId: string): Promise<boolean> => {
  const now = Math.floor(Date.now() / 1000);
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.liveRecording(recordingId),
      UpdateExpression: 'SET joiningUntil = :until',
      ConditionExpression:
        'attribute_exists(PK) AND #status IN (:created, :live, :stopped) AND (attribute_not_exists(joiningUntil) OR joiningUntil < :now)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':until': now + JOIN_LEASE_SECONDS, ':now': now, ':created': 'created', ':live': 'live', ':stopped': 'stopped' },
    }),
  );
};

/** The recording is the take's video now. Returns the recording as it is after (is it submitted?), or null when it was already assembled or failed. */
export const markAssembled = (recordingId: string, seconds: number) =>
  update(recordingId, { status: 'assembled', seconds }, ['created', 'live', 'stopped']);

export const markFailed = (recordingId: string, failureReason: string) =>
  update(recordingId, { status: 'failed', failureReason }, ['created', 'live', 'stopped']);

/** The candidate submitted the take. Returns the recording as it is after (is it assembled?). */
export const markSubmitted = (recordingId: string) => update(recordingId, { submitted: true }, null);
