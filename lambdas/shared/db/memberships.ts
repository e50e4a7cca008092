import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

export type MemberRole = 'owner' | 'member';

export interface Membership {
  companyId: string;
  userId: string;
  role: MemberRole;
}

type Key = { PK: string; SK: string };

const fromItem = (companyId: string, userId: string, item: Record<string, unknown> | undefined): Membership | null =>
  item ? { companyId, userId, role: item.role === 'owner' ? 'owner' : 'member' } : null;

/** The user's membership of a company, or null: the basis of every tenant check. */
export const getMembership = async (companyId: string, userId: string): Promise<Membership | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.membership(companyId, userId) }));
  return fromItem(companyId, userId, Item);
};

/** BatchGetItem's bound on retries of what it left unprocessed (throttling) before the request fails. */
const BATCH_ATTEMPTS = 5;
/** BatchGetItem reads at most 100 keys a request. */
const KEYS_PER_BATCH = 100;

/**
 * Items read alongside a membership in its BatchGetItem: their keys, and what to make of the items
 * found (`found` gives the item of a key, or undefined). Data access modules describe their items
 * this way (db/media.ts `mediaItemsRead`, say), so a check reads them without a call of their own.
 */
export interface BatchRead<T> {
  keys: readonly Key[];
  collect: (found: (key: Key) => Record<string, any> | undefined) => T;
}

/** One item by its key, read as `parse` reads it (null when there is none). */
export const itemRead = <T>(key: Key, parse: (item: Record<string, any>) => T): BatchRead<T | null> => ({
  keys: [key],
  collect: (found) => {
    const item = found(key);
    return item ? parse(item) : null;
  },
});

const idOf = (key: Key) => `${key.PK}\u0000${key.SK}`;

/** The items of `wanted` (each key once), 100 keys a request in parallel, what is left unprocessed asked again. */
const batchGet = async (wanted: readonly Key[], consistent: boolean): Promise<Map<string, Record<string, any>>> => {
  const unique = [...new Map(wanted.map((key) => [idOf(key), { PK: key.PK, SK: key.SK }])).values()];
  const found = new Map<string, Record<string, any>>();
  const read = async (batch: Key[]) => {
    let pending = batch;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt === BATCH_ATTEMPTS) throw new Error(`BatchGetItem left ${pending.length} keys unprocessed after ${BATCH_ATTEMPTS} attempts`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
      const { Responses, UnprocessedKeys } = await db.send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ...(consistent ? { ConsistentRead: true } : {}) } } }),
      );
      for (const item of Responses?.[tableName()] ?? []) found.set(idOf(item as Key), item);
      pending = (UnprocessedKeys?.[tableName()]?.Keys ?? []) as Key[];
    }
  };
  const batches: Key[][] = [];
  for (let i = 0; i < unique.length; i += KEYS_PER_BATCH) batches.push(unique.slice(i, i + KEYS_PER_BATCH));
  await Promise.all(batches.map(read));
  return found;
};

/**
 * The user's membership of a company and other items (`other`, each a BatchRead), in one
 * BatchGetItem (more than 100 keys: a few, in parallel): a check that needs objects and the
 * membership once their keys are known (a candidate's position, say) costs one call instead of
 * several. `consistent` makes every read of it strongly consistent (a candidate read there, say).
 */
export const getMembershipWith = async <T>(
  companyId: string,
  userId: string,
  other: BatchRead<T>,
  options: { consistent?: boolean } = {},
): Promise<{ membership: Membership | null; other: T }> => {
  const membershipKey = keys.membership(companyId, userId);
  const found = await batchGet([membershipKey, ...other.keys], options.consistent === true);
  const itemOf = (key: Key) => found.get(idOf(key));
  return { membership: fromItem(companyId, userId, itemOf(membershipKey)), other: other.collect(itemOf) };
};

/** Several BatchReads as one, their results side by side. */
export const batchReads = <T extends readonly unknown[]>(...reads: { [K in keyof T]: BatchRead<T[K]> }): BatchRead<T> => ({
  keys: reads.flatMap((read) => read.keys),
  collect: (found) => reads.map((read) => read.collect(found)) as unknown as T,
});
