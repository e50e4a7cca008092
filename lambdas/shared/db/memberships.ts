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

/**
 * The user's membership of a company and another item (by its key, read as `parse` reads it), in
 * one BatchGetItem: a check that needs an object and the membership once both keys are known (a
 * candidate's position, say) costs one call instead of two.
 */
export const getMembershipWith = async <T>(
  companyId: string,
  userId: string,
  other: { key: Key; parse: (item: Record<string, any>) => T },
): Promise<{ membership: Membership | null; other: T | null }> => {
  const membershipKey = keys.membership(companyId, userId);
  const found: Record<string, any>[] = [];
  let pending: Key[] = [membershipKey, other.key];
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === BATCH_ATTEMPTS) throw new Error(`BatchGetItem left ${pending.length} keys unprocessed after ${BATCH_ATTEMPTS} attempts`);
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
    const { Responses, UnprocessedKeys } = await db.send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending } } }));
    found.push(...(Responses?.[tableName()] ?? []));
    pending = (UnprocessedKeys?.[tableName()]?.Keys ?? []) as Key[];
  }
  const itemOf = (key: Key) => found.find((item) => item.PK === key.PK && item.SK === key.SK);
  const otherItem = itemOf(other.key);
  return { membership: fromItem(companyId, userId, itemOf(membershipKey)), other: otherItem ? other.parse(otherItem) : null };
};
