import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { batchReads, itemRead, readBatch, type BatchRead } from './batch-get';
import { db, tableName } from './client';
import { keys } from './keys';
import { type MemberRole } from '../contracts/vocabulary';
import { keyMembership } from '../domain/api-keys';

export type { MemberRole };

export interface Membership {
  companyId: string;
  userId: string;
  role: MemberRole;
}

const fromItem = (companyId: string, userId: string, item: Record<string, unknown> | undefined): Membership | null =>
  item ? { companyId, userId, role: item.role === 'owner' ? 'owner' : 'member' } : null;

/** The user's membership of a company, or null: the basis of every tenant check. */
export const getMembership = async (companyId: string, userId: string): Promise<Membership | null> => {
  // An API key's membership is derived from its principal, never read (domain/api-keys.ts).
  const ofKey = keyMembership(companyId, userId);
  if (ofKey !== undefined) return ofKey;
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.membership(companyId, userId) }));
  return fromItem(companyId, userId, Item);
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
  const ofKey = keyMembership(companyId, userId);
  if (ofKey !== undefined) return { membership: ofKey, other: await readBatch(other, options) };
  const membershipKey = keys.membership(companyId, userId);
  const [membership, rest] = await readBatch(
    batchReads(
      itemRead(membershipKey, (item) => item),
      other,
    ),
    options,
  );
  return { membership: fromItem(companyId, userId, membership ?? undefined), other: rest };
};
