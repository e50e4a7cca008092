import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './client';
import { SCHEDULE_SHARDS } from './keys';

/**
 * Reading the scheduled jobs' sharded partitions (keys.ts: schedulePartitions). Every read is a
 * Query of one shard with a Limit, continued with its LastEvaluatedKey, so a job's run costs at
 * most one Query per shard plus one per further page, however many items are pending.
 */
export type ShardQuery = (shard: number) => Omit<QueryCommandInput, 'Limit' | 'ExclusiveStartKey'>;

/**
 * Up to `limit` items of a schedule that its job takes off as it goes (what is due): the shards
 * are read one after another, each in pages of what is still wanted, until `limit` items are in
 * hand. The first shard read is chosen at random, so a shard with a backlog longer than a run's
 * budget never keeps the others waiting run after run.
 */
export const readShards = async (
  query: ShardQuery,
  limit: number,
  first: number = Math.floor(Math.random() * SCHEDULE_SHARDS),
): Promise<Record<string, any>[]> => {
  const items: Record<string, any>[] = [];
  for (let i = 0; i < SCHEDULE_SHARDS && items.length < limit; i++) {
    const shard = (first + i) % SCHEDULE_SHARDS;
    let after: Record<string, unknown> | undefined;
    do {
      const page = await db.send(new QueryCommand({ ...query(shard), Limit: limit - items.length, ExclusiveStartKey: after }));
      items.push(...(page.Items ?? []));
      after = page.LastEvaluatedKey;
    } while (after && items.length < limit);
  }
  return items;
};

/** Where the next page of a walk through every shard starts: the shard, and the key in it to continue after. */
export type ShardCursor = {
  shard: number;
  key?: Record<string, unknown>;
};

const cursorOf = (after: Record<string, unknown> | undefined): ShardCursor => {
  const shard = Number(after?.shard ?? 0);
  const key = after?.key;
  return {
    shard: Number.isInteger(shard) && shard >= 0 ? shard : SCHEDULE_SHARDS,
    ...(typeof key === 'object' && key !== null ? { key: key as Record<string, unknown> } : {}),
  };
};

/**
 * One page (up to `limit` items) of a walk through every item of every shard, shard 0 first (a
 * job that visits them all, like the integrations' sync), and the cursor of the next page, or
 * undefined at the end. A page goes on into the next shard when one ends before it is full.
 */
export const pageShards = async (
  query: ShardQuery,
  limit: number,
  after?: Record<string, unknown>,
): Promise<{ items: Record<string, any>[]; next?: ShardCursor }> => {
  let { shard, key } = cursorOf(after);
  const items: Record<string, any>[] = [];
  while (shard < SCHEDULE_SHARDS && items.length < limit) {
    const page = await db.send(new QueryCommand({ ...query(shard), Limit: limit - items.length, ExclusiveStartKey: key }));
    items.push(...(page.Items ?? []));
    key = page.LastEvaluatedKey;
    if (!key) shard += 1;
  }
  return { items, next: shard < SCHEDULE_SHARDS ? { shard, ...(key ? { key } : {}) } : undefined };
};
