import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

export type MemberRole = 'owner' | 'member';

export interface Membership {
  companyId: string;
  userId: string;
  role: MemberRole;
}

/** The user's membership of a company, or null: the basis of every tenant check. */
export const getMembership = async (companyId: string, userId: string): Promise<Membership | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.membership(companyId, userId) }));
  if (!Item) return null;
  return { companyId, userId, role: Item.role === 'owner' ? 'owner' : 'member' };
};
