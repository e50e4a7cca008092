import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, paginateQuery, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { keys, unshardedSchedulePartitions } from '../lambdas/data/keys';
import { ConditionFailed, transact } from '../lambdas/data/transaction';
import type { Migration } from './migration-runner';

/**
 * Migration 002-schedule-shards (`npm run migrate`, scripts/migrations.ts): moves what
 * the scheduled jobs' partitions held before they were sharded (keys.ts: unshardedSchedulePartitions)
 * into their shards, since the jobs read only the shards:
 * - invites with a deadline (GSI3 `INVITE_EXPIRY`) and integrations (GSI2 `INTEGRATIONS`): the
 *   item's index key is set to its shard, on the condition that it still names the old partition;
 * - planned messages (`PLANNED_MESSAGES`) and ATS results (`INTEGRATION_RESULTS`): the item is put
 *   under its shard's key and deleted from the old one in one transaction, on the condition that it
 *   is still there (an old job's run may have taken it meanwhile).
 * Run once after deploying the sharding; safe to run again (it finds nothing left to move). Until
 * it has run, the items still under the old keys wait: invites do not expire, messages and results
 * are not sent.
 */
export interface MoveCount {
  /** Items found under the old key. */
  found: number;
  moved: number;
  /** Taken, deleted or moved by someone else between the read and the write. */
  skipped: number;
}

export type ShardMigrationReport = Record<keyof typeof unshardedSchedulePartitions, MoveCount>;

/** Items in flight at once: a steady pace for the table without a long run for a big partition. */
const IN_FLIGHT = 16;

const eachItem = async (
  client: DynamoDBDocumentClient,
  input: QueryCommandInput,
  count: MoveCount,
  move: (item: Record<string, any>) => Promise<boolean>,
) => {
  for await (const page of paginateQuery({ client }, input)) {
    const items = page.Items ?? [];
    count.found += items.length;
    for (let i = 0; i < items.length; i += IN_FLIGHT) {
      for (const moved of await Promise.all(items.slice(i, i + IN_FLIGHT).map(move))) {
        if (moved) count.moved += 1;
        else count.skipped += 1;
      }
    }
  }
};

/** Sets an index key to its shard while it still names the old partition; false when it no longer does. */
const setIndexKey = async (
  client: DynamoDBDocumentClient,
  table: string,
  key: Record<string, string>,
  attribute: string,
  from: string,
  to: string,
) => {
  try {
    await client.send(
      new UpdateCommand({
        TableName: table,
        Key: key,
        UpdateExpression: 'SET #key = :to',
        ConditionExpression: '#key = :from',
        ExpressionAttributeNames: { '#key': attribute },
        ExpressionAttributeValues: { ':from': from, ':to': to },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};

/** Puts the item under its new key and deletes it from the old one, while it is there; false when it is gone. */
const moveItem = async (client: DynamoDBDocumentClient, table: string, item: Record<string, any>, to: { PK: string; SK: string }) => {
  try {
    await transact(
      [
        { name: 'old', item: { Delete: { TableName: table, Key: { PK: item.PK, SK: item.SK }, ConditionExpression: 'attribute_exists(PK)' } } },
        { name: 'new', item: { Put: { TableName: table, Item: { ...item, ...to } } } },
      ],
      client,
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed && error.step === 'old') return false;
    throw error;
  }
};

export const migrateScheduleShards = async (client: DynamoDBDocumentClient, table: string): Promise<ShardMigrationReport> => {
  const report: ShardMigrationReport = {
    inviteExpiry: { found: 0, moved: 0, skipped: 0 },
    plannedMessages: { found: 0, moved: 0, skipped: 0 },
    integrationResults: { found: 0, moved: 0, skipped: 0 },
    integrationsToSync: { found: 0, moved: 0, skipped: 0 },
  };
  const old = unshardedSchedulePartitions;

  await eachItem(
    client,
    { TableName: table, IndexName: 'GSI3', KeyConditionExpression: 'GSI3PK = :pk', ExpressionAttributeValues: { ':pk': old.inviteExpiry } },
    report.inviteExpiry,
    (item) =>
      setIndexKey(client, table, keys.candidate(item.candidateId), 'GSI3PK', old.inviteExpiry, keys.candidateExpiry('', item.candidateId).GSI3PK),
  );
  await eachItem(
    client,
    { TableName: table, IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': old.integrationsToSync } },
    report.integrationsToSync,
    (item) =>
      setIndexKey(
        client,
        table,
        keys.integration(item.integrationId),
        'GSI2PK',
        old.integrationsToSync,
        keys.integrationToSync(item.integrationId).GSI2PK,
      ),
  );
  await eachItem(
    client,
    { TableName: table, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': old.plannedMessages }, ConsistentRead: true },
    report.plannedMessages,
    (item) => moveItem(client, table, item, keys.plannedMessage(item.dueAt, item.candidateId, item.templateId)),
  );
  await eachItem(
    client,
    { TableName: table, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': old.integrationResults }, ConsistentRead: true },
    report.integrationResults,
    (item) => moveItem(client, table, item, keys.integrationResult(item.dueAt, item.candidateId, item.event)),
  );
  return report;
};

export const scheduleShardsMigration: Migration = {
  id: '002-schedule-shards',
  what: "Moving the scheduled jobs' items into their shards",
  run: async (client, table) => {
    const report = await migrateScheduleShards(client, table);
    return Object.entries(report).map(
      ([partition, count]) =>
        `  ${partition}: ${count.found} found under the old key, ${count.moved} moved, ${count.skipped} taken or moved meanwhile`,
    );
  },
};
