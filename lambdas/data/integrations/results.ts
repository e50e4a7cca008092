import type { ResultEvent } from '../../adapters/ats/adapter';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { retryDelayMs } from '../../domain/integrations';
import { db, tableName } from '../client';
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

/**
 * Takes a deleted candidate's result off the ATS outbox (issue 28: deletion reaches every copy),
 * the one their panel says is waiting: planned at `updatedAt` (pending), or retried a delay after
 * it (retrying). An older result still waiting only names the candidate's id, and the delivery
 * job drops it when it finds them gone.
 */
export const dropPendingResult = async (candidateId: string, writeBack: WriteBack | null | undefined): Promise<void> => {
  if (!writeBack || (writeBack.status !== 'pending' && writeBack.status !== 'retrying')) return;
  const delay = writeBack.status === 'retrying' ? retryDelayMs(writeBack.attempts) : 0;
  if (delay === null) return;
  const dueAt = new Date(Date.parse(writeBack.updatedAt) + delay).toISOString();
  await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.integrationResult(dueAt, candidateId, writeBack.event) }));
};
