import type { ResultEvent } from '../../adapters/ats/adapter';
import { tableName } from '../client';
import { keys, schedulePartitions } from '../keys';
import { readShards } from '../schedule-shards';
import { ConditionFailed, transact, type TransactionStep } from '../transaction';

/** The results waiting to be written back to a candidate's ATS profile: a transactional outbox on a sharded schedule, like planned messages. */
/** A result waiting to be written back to the candidate's ATS profile. */
export interface PendingResult {
  dueAt: string;
  candidateId: string;
  integrationId: string;
  event: ResultEvent;
  attempts: number;
}

/** The step that plans a result with the status change that causes it (a transactional outbox). */
export const resultStep = (result: PendingResult): TransactionStep<'result'> => ({
  name: 'result',
  item: {
    Put: {
      TableName: tableName(),
      Item: { ...keys.integrationResult(result.dueAt, result.candidateId, result.event), type: 'integrationResult', ...result },
    },
  },
});

/** Up to `limit` results due before `now`, from every shard (db/schedule-shards.ts: at most one Query a shard). */
export const dueResults = async (now: Date, limit = 50): Promise<PendingResult[]> =>
  (
    await readShards(
      (shard) => ({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND SK < :now',
        ExpressionAttributeValues: { ':pk': schedulePartitions.integrationResults(shard), ':now': now.toISOString() },
      }),
      limit,
    )
  ).map((i) => ({ dueAt: i.dueAt, candidateId: i.candidateId, integrationId: i.integrationId, event: i.event, attempts: Number(i.attempts ?? 0) }));

/** The candidate's write-back state, as their integration panel shows it. */
export interface WriteBack {
  event: ResultEvent;
  status: 'pending' | 'retrying' | 'delivered' | 'failed';
  attempts: number;
  lastError: string | null;
  updatedAt: string;
}

const writeBackStep = (candidateId: string, writeBack: WriteBack): TransactionStep<'candidate'> => ({
  name: 'candidate',
  item: {
    Update: {
      TableName: tableName(),
      Key: keys.candidate(candidateId),
      UpdateExpression: 'SET integration.writeBack = :writeBack',
      ConditionExpression: 'attribute_exists(integration)',
      ExpressionAttributeValues: { ':writeBack': writeBack },
    },
  },
});

const takeStep = (result: PendingResult): TransactionStep<'take'> => ({
  name: 'take',
  item: {
    Delete: {
      TableName: tableName(),
      Key: keys.integrationResult(result.dueAt, result.candidateId, result.event),
      ConditionExpression: 'attribute_exists(PK)',
    },
  },
});

/**
 * Settles a result the job tried: taken off the schedule (false when another run took it first),
 * the candidate's panel updated, and (`retryAt`) planned again with one more attempt.
 */
export const settleResult = async (result: PendingResult, writeBack: WriteBack | null, retryAt?: string): Promise<boolean> => {
  try {
    await transact([
      takeStep(result),
      ...(writeBack ? [writeBackStep(result.candidateId, writeBack)] : []),
      ...(retryAt ? [resultStep({ ...result, dueAt: retryAt, attempts: result.attempts + 1 })] : []),
    ]);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed && error.step === 'take') return false;
    // The candidate is gone (or never had an integration): only take the result off the schedule.
    if (error instanceof ConditionFailed && error.step === 'candidate') return settleResult(result, null);
    throw error;
  }
};
