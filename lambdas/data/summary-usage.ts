import type { StoredSummaryUsage } from '../contracts/summaries';
import { storedUsageOf } from '../domain/summary-views';
import { tableName } from './client';
import { keys, summaryUsagePartition } from './keys';
import { queryAll } from './query';
import { readItem } from './request-reads';
import type { ItemKey } from './batch-get';

/**
 * A company's summary token usage items (issue 41), as the company's pages read them and its
 * deletion takes them. The summarising step writes them (ADD of its tokens, `pausedAt` once).
 */

/** The company's usage in a month (`yyyy-mm`), null while nothing was used. */
export const getSummaryUsage = async (companyId: string, month: string): Promise<StoredSummaryUsage | null> =>
  storedUsageOf(await readItem(keys.summaryUsage(companyId, month)));

/** The keys of every month's usage item of the company (one Query of its usage partition), for its deletion. */
export const summaryUsageKeys = async (companyId: string): Promise<ItemKey[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': `${summaryUsagePartition}${companyId}` },
      ProjectionExpression: 'PK, SK',
    })
  ).map((item) => ({ PK: item.PK as string, SK: item.SK as string }));
