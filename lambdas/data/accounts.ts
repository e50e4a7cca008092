import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Preferences } from '../contracts/summaries';
import { preferencesOf } from '../domain/summary-views';
import { writeIf } from './conditional-write';
import { defaultConfig, SIGN_UP_CREDITS } from '../domain/company';
import { newId } from '../platform/crypto';
import { db, tableName } from './client';
import { keys, sortKeyPrefixes } from './keys';
import { ConditionFailed, transact } from './transaction';
import { type MemberRole } from '../contracts/vocabulary';

export interface User {
  userId: string;
  email: string;
  /** Their own view preferences (issue 41: hide summaries); the defaults until they save some. */
  preferences: Preferences;
}

export class EmailTaken extends Error {}

/**
 * Registration: the user, the e-mail's uniqueness item, the company and the owner membership are
 * written in one transaction, so a half-created account can never exist and two concurrent
 * registrations of one address cannot both succeed.
 */
export const createAccount = async (input: {
  email: string;
  companyName: string;
  tags: string[];
}): Promise<{ userId: string; companyId: string }> => {
  const userId = newId();
  const companyId = newId();
  const now = new Date().toISOString();
  try {
    await transact([
      {
        name: 'email',
        item: { Put: { TableName: tableName(), Item: { ...keys.userEmail(input.email), userId }, ConditionExpression: 'attribute_not_exists(PK)' } },
      },
      {
        name: 'user',
        item: { Put: { TableName: tableName(), Item: { ...keys.user(userId), type: 'user', userId, email: input.email, createdAt: now } } },
      },
      {
        name: 'company',
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.company(companyId),
              // In the retention job's shards (issue 28): the job visits every company.
              ...keys.companyRetention(companyId),
              type: 'company',
              companyId,
              companyName: input.companyName,
              tags: input.tags,
              subscriptionStatus: 'not_subscribed',
              credits: { allocated: SIGN_UP_CREDITS, invited: 0 },
              config: { ...defaultConfig },
              createdAt: now,
            },
          },
        },
      },
      {
        name: 'membership',
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.membership(companyId, userId),
              ...keys.membershipByUser(userId, companyId),
              type: 'membership',
              companyId,
              userId,
              email: input.email,
              companyName: input.companyName,
              role: 'owner',
              status: 'active',
              createdAt: now,
            },
          },
        },
      },
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed && error.step === 'email') throw new EmailTaken();
    throw error;
  }
  return { userId, companyId };
};

export const findUserIdByEmail = async (email: string): Promise<string | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.userEmail(email) }));
  return typeof Item?.userId === 'string' ? Item.userId : null;
};

export const getUser = async (userId: string): Promise<User | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.user(userId) }));
  return Item ? { userId: Item.userId as string, email: Item.email as string, preferences: preferencesOf(Item.preferences) } : null;
};

/** Saves the user's view preferences on their item; false when the user does not exist. */
export const setPreferences = (userId: string, preferences: Preferences): Promise<boolean> =>
  writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(userId),
      UpdateExpression: 'SET #preferences = :preferences',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#preferences': 'preferences' },
      ExpressionAttributeValues: { ':preferences': { hideSummaries: preferences.hideSummaries } },
    }),
  );

export interface UserCompany {
  companyId: string;
  companyName: string;
  userRole: MemberRole;
}

/** The user's companies: one Query on GSI1 (memberships carry the company name). */
export const listUserCompanies = async (userId: string): Promise<UserCompany[]> => {
  const companies: UserCompany[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :company)',
        ExpressionAttributeValues: { ':pk': keys.user(userId).PK, ':company': sortKeyPrefixes.company },
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.status === 'invited') continue;
      companies.push({ companyId: item.companyId, companyName: item.companyName, userRole: item.role === 'owner' ? 'owner' : 'member' });
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return companies.sort((a, b) => a.companyName.localeCompare(b.companyName));
};
