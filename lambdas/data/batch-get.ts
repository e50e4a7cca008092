import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { sendUntilProcessed } from './batch-retry';
import { db, tableName } from './client';

/** A table item's primary key. */
export type ItemKey = { PK: string; SK: string };

/** BatchGetItem reads at most 100 keys a request. */
export const KEYS_PER_BATCH = 100;

/** A key as a string, to find an item again by its key. */
export const keyId = (key: ItemKey) => `${key.PK}\u0000${key.SK}`;

export interface BatchGetOptions {
  /** Strongly consistent reads (what a GetItem with ConsistentRead would see). */
  readonly consistent?: boolean;
  /** Only these attributes of each item (the key is always read too, so items are found by it). */
  readonly attributes?: readonly string[];
}

/**
 * The one way to read items by key in bulk: each key once, 100 a request and the requests in
 * parallel, what DynamoDB left unprocessed asked again with backoff (lambdas/data/batch-retry.ts).
 * The items found, by `keyId`.
 */
export const batchGetItems = async (wanted: readonly ItemKey[], options: BatchGetOptions = {}): Promise<Map<string, Record<string, any>>> => {
  const unique = [...new Map(wanted.map((key) => [keyId(key), { PK: key.PK, SK: key.SK }])).values()];
  const names = options.attributes ? ['PK', 'SK', ...options.attributes.filter((name) => name !== 'PK' && name !== 'SK')] : null;
  const shape = {
    ...(options.consistent ? { ConsistentRead: true } : {}),
    ...(names
      ? {
          ProjectionExpression: names.map((_, i) => `#a${i}`).join(', '),
          ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#a${i}`, name])),
        }
      : {}),
  };
  const found = new Map<string, Record<string, any>>();
  const read = (batch: ItemKey[]) =>
    sendUntilProcessed('BatchGetItem', batch, async (pending) => {
      const { Responses, UnprocessedKeys } = await db.send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: [...pending], ...shape } } }),
      );
      for (const item of Responses?.[tableName()] ?? []) found.set(keyId(item as ItemKey), item);
      return (UnprocessedKeys?.[tableName()]?.Keys ?? []) as ItemKey[];
    });
  const batches: ItemKey[][] = [];
  for (let i = 0; i < unique.length; i += KEYS_PER_BATCH) batches.push(unique.slice(i, i + KEYS_PER_BATCH));
  await Promise.all(batches.map(read));
  return found;
};

/**
 * Items to read in someone else's BatchGetItem: their keys, and what to make of the items found
 * (`found` gives the item of a key, or undefined). Data access modules describe their items this
 * way (db/media.ts `mediaItemsRead`, say), so a check reads them without a call of their own.
 */
export interface BatchRead<T> {
  keys: readonly ItemKey[];
  collect: (found: (key: ItemKey) => Record<string, any> | undefined) => T;
}

/** One item by its key, read as `parse` reads it (null when there is none). */
export const itemRead = <T>(key: ItemKey, parse: (item: Record<string, any>) => T): BatchRead<T | null> => ({
  keys: [key],
  collect: (found) => {
    const item = found(key);
    return item ? parse(item) : null;
  },
});

/** Several BatchReads as one, their results side by side. */
export const batchReads = <T extends readonly unknown[]>(...reads: { [K in keyof T]: BatchRead<T[K]> }): BatchRead<T> => ({
  keys: reads.flatMap((read) => read.keys),
  collect: (found) => reads.map((read) => read.collect(found)) as unknown as T,
});

/** Reads what `reads` describe, in one BatchGetItem (more than 100 keys: a few, in parallel). */
export const readBatch = async <T>(reads: BatchRead<T>, options: BatchGetOptions = {}): Promise<T> => {
  const found = await batchGetItems(reads.keys, options);
  return reads.collect((key) => found.get(keyId(key)));
};
