import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { keys, sortKeyPrefixes } from '../keys';
import { ConditionFailed, transact } from '../transaction';
import { getCandidate, questionKey, type Candidate } from './candidate';

export interface Attempt {
  answerId: string;
  candidateId: string;
  questionIndex: number;
  mediaId: string;
  uploadId: string;
  key: string;
  /**
   * The recording's content type, as its media item has it: submitting starts the processing with
   * it instead of reading the media item. Attempts started before it was recorded have none.
   */
  contentType?: string;
  /**
   * Where the server cuts the take, in seconds: the candidate's answer time (their timing adjustment
   * applied) plus the grace, as it was when the take started. Its processing clips an upload that
   * runs longer. Attempts started before it was recorded have none (not clipped).
   */
  maxSeconds?: number;
  /** A live take the candidate could not finish (nothing recorded, or the stream lost past its reconnect window): a new take replaces it without counting. */
  replaceable?: boolean;
  /**
   * A file answer's upload (issue 39): one presigned PUT of `size` bytes to `key` (no multipart, so
   * `uploadId` is empty), and the name the candidate's device gave the file.
   */
  file?: { fileName: string; size: number };
}

export class AttemptRefused extends Error {
  constructor(readonly reason: 'not_invited' | 'answered' | 'no_retakes') {
    super(reason);
  }
}

/**
 * Starts recording attempt number n of a question: counts it against the allowed attempts and
 * records the multipart upload, in one transaction.
 */
const attemptItem = (candidateId: string, attempt: Omit<Attempt, 'candidateId'>) => ({
  ...keys.attempt(candidateId, attempt.answerId),
  type: 'attempt',
  candidateId,
  ...attempt,
});

export const startAttempt = async (candidate: Candidate, attempt: Omit<Attempt, 'candidateId'>, allowedAttempts: number | null): Promise<void> => {
  const q = questionKey(attempt.questionIndex);
  try {
    await transact([
      {
        name: 'candidate',
        item: {
          Update: {
            TableName: tableName(),
            Key: keys.candidate(candidate.candidateId),
            UpdateExpression: 'SET attempts.#q = if_not_exists(attempts.#q, :zero) + :one',
            ConditionExpression: `currentStatus = :invited AND attribute_not_exists(answers.#q)${
              allowedAttempts === null ? '' : ' AND (attribute_not_exists(attempts.#q) OR attempts.#q < :allowed)'
            }`,
            ExpressionAttributeNames: { '#q': q },
            ExpressionAttributeValues: {
              ':zero': 0,
              ':one': 1,
              ':invited': 'invited',
              ...(allowedAttempts === null ? {} : { ':allowed': allowedAttempts }),
            },
          },
        },
      },
      { name: 'attempt', item: { Put: { TableName: tableName(), Item: attemptItem(candidate.candidateId, attempt) } } },
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed && error.step === 'candidate') {
      const current = await getCandidate(candidate.candidateId);
      if (!current || current.currentStatus !== 'invited') throw new AttemptRefused('not_invited');
      if (current.answers[q]) throw new AttemptRefused('answered');
      throw new AttemptRefused('no_retakes');
    }
    throw error;
  }
};

/**
 * The last allowed take was never submitted (the tab closed, the connection died): a new take
 * takes its place without counting as a retake, so a candidate is never locked out of a question.
 * The abandoned attempt's deletion is conditional, so two tabs cannot both replace it.
 */
export const replaceAbandonedAttempt = async (candidate: Candidate, attempt: Omit<Attempt, 'candidateId'>, abandoned: Attempt): Promise<void> => {
  const q = questionKey(attempt.questionIndex);
  try {
    await transact([
      {
        name: 'candidate',
        item: {
          ConditionCheck: {
            TableName: tableName(),
            Key: keys.candidate(candidate.candidateId),
            ConditionExpression: 'currentStatus = :invited AND attribute_not_exists(answers.#q)',
            ExpressionAttributeNames: { '#q': q },
            ExpressionAttributeValues: { ':invited': 'invited' },
          },
        },
      },
      {
        name: 'abandoned',
        item: {
          Delete: {
            TableName: tableName(),
            Key: keys.attempt(candidate.candidateId, abandoned.answerId),
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
      },
      { name: 'attempt', item: { Put: { TableName: tableName(), Item: attemptItem(candidate.candidateId, attempt) } } },
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed && error.step === 'candidate') {
      const current = await getCandidate(candidate.candidateId);
      throw new AttemptRefused(!current || current.currentStatus !== 'invited' ? 'not_invited' : 'answered');
    }
    // Another tab replaced the abandoned take first.
    if (error instanceof ConditionFailed && error.step === 'abandoned') throw new AttemptRefused('no_retakes');
    throw error;
  }
};

/** Attempts of a question still open (not submitted): what a retake leaves behind. */
export const openAttemptsOf = async (candidateId: string, questionIndex: number, except: string): Promise<Attempt[]> => {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.candidate(candidateId).PK, ':prefix': sortKeyPrefixes.attempt },
    }),
  );
  return (Items ?? []).filter((i) => i.questionIndex === questionIndex && i.answerId !== except) as Attempt[];
};

export const getAttempt = async (candidateId: string, answerId: string): Promise<Attempt | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.attempt(candidateId, answerId), ConsistentRead: true }));
  return (Item as Attempt | undefined) ?? null;
};

export const deleteAttempt = (candidateId: string, answerId: string) =>
  db.send(new DeleteCommand({ TableName: tableName(), Key: keys.attempt(candidateId, answerId) }));

/** A live take was lost (lambdas/app/recording/live.ts): the next take of the question may replace it without counting. */
export const markAttemptReplaceable = async (candidateId: string, answerId: string): Promise<void> => {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.attempt(candidateId, answerId),
        UpdateExpression: 'SET replaceable = :yes',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':yes': true },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
};
