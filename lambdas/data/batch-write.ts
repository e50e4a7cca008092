import { BatchWriteCommand, type BatchWriteCommandInput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { sendUntilProcessed } from './batch-retry';
import type { ItemKey } from './batch-get';
import { db, tableName } from './client';

/** One put or delete of a BatchWriteItem. */
export type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/** BatchWriteItem takes at most 25 requests. */
export const REQUESTS_PER_BATCH_WRITE = 25;

/**
 * The one way to put or delete items in bulk: 25 a BatchWriteItem, one batch after another (in the
 * order given, so what must go last goes last), what DynamoDB left unprocessed sent again with
 * backoff (lambdas/data/batch-retry.ts). `client` is the Lambda's own unless given.
 */
export const batchWriteItems = async (requests: readonly WriteRequest[], client: DynamoDBDocumentClient = db): Promise<void> => {
  for (let i = 0; i < requests.length; i += REQUESTS_PER_BATCH_WRITE) {
    await sendUntilProcessed('BatchWriteItem', requests.slice(i, i + REQUESTS_PER_BATCH_WRITE), async (pending) => {
      const { UnprocessedItems } = await client.send(new BatchWriteCommand({ RequestItems: { [tableName()]: [...pending] } }));
      return UnprocessedItems?.[tableName()] ?? [];
    });
  }
};

/** Deletes the items with these keys (batchWriteItems). */
export const deleteItems = (itemKeys: readonly ItemKey[]): Promise<void> =>
  batchWriteItems(itemKeys.map((key) => ({ DeleteRequest: { Key: { PK: key.PK, SK: key.SK } } })));

/** Puts these items (batchWriteItems). */
export const putItems = (items: readonly Record<string, unknown>[]): Promise<void> =>
  batchWriteItems(items.map((Item) => ({ PutRequest: { Item } })));
