import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './client';

/**
 * Every item of a Query, following DynamoDB's 1 MB pages; `enough` stops early once the items
 * read so far suffice.
 */
export const queryAll = async (
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
  enough: (items: Record<string, any>[]) => boolean = () => false,
): Promise<Record<string, any>[]> => {
  const items: Record<string, any>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, ExclusiveStartKey: cursor }));
    items.push(...(page.Items ?? []));
    cursor = page.LastEvaluatedKey;
  } while (cursor && !enough(items));
  return items;
};
