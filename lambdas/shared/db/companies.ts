import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Theme } from '../../contracts/company';
import { defaultConfig, defaultTheme, type Credits, type StoredSubscription, type SubscriptionStatus } from '../../domain/company';
import { db, tableName } from './client';
import { keys, sortKeyPrefixes } from './keys';
import { queryAll } from './query';

export interface Company {
  companyId: string;
  companyName: string;
  subscriptionStatus: SubscriptionStatus;
  credits: Credits;
  config: { isEvaluationEnabled: boolean; isRatingEnabled: boolean };
  theme: Theme;
  /** The company's one Stripe customer, created on its first checkout or portal visit. */
  stripeCustomerId: string | null;
  /** The Stripe subscription the status was last set from. */
  subscription: StoredSubscription | null;
}

const fromItem = (item: Record<string, any>): Company => ({
  companyId: item.companyId,
  companyName: item.companyName,
  subscriptionStatus: item.subscriptionStatus ?? 'not_subscribed',
  credits: { allocated: Number(item.credits?.allocated ?? 0), invited: Number(item.credits?.invited ?? 0) },
  config: { ...defaultConfig, ...item.config },
  theme: item.theme ?? defaultTheme(),
  stripeCustomerId: item.stripeCustomerId ?? null,
  subscription: item.subscription ?? null,
});

export const getCompany = async (companyId: string): Promise<Company | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.company(companyId) }));
  return Item ? fromItem(Item) : null;
};

/** Items in the company's own partition (profile, memberships…), for renames and deletion. */
const companyPartition = (companyId: string, prefix?: string) =>
  queryAll({
    TableName: tableName(),
    KeyConditionExpression: prefix ? 'PK = :pk AND begins_with(SK, :prefix)' : 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.company(companyId).PK, ...(prefix ? { ':prefix': prefix } : {}) },
  });

/** Renames the company; memberships carry the name (so "my companies" is one query) and follow. */
export const renameCompany = async (companyId: string, companyName: string): Promise<Company | null> => {
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.company(companyId),
      UpdateExpression: 'SET companyName = :name',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':name': companyName },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const memberships = await companyPartition(companyId, sortKeyPrefixes.member);
  await Promise.all(
    memberships.map((m) =>
      db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { PK: m.PK, SK: m.SK },
          UpdateExpression: 'SET companyName = :name',
          ExpressionAttributeValues: { ':name': companyName },
        }),
      ),
    ),
  );
  return Attributes ? fromItem(Attributes) : null;
};

/** Replaces the company's theme; null when the company does not exist. */
export const setTheme = async (companyId: string, theme: Theme): Promise<Company | null> => {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.company(companyId),
        UpdateExpression: 'SET theme = :theme',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: {
          ':theme': {
            themeEnabled: theme.themeEnabled,
            themeDefinition: {
              palette: {
                primary: { main: theme.themeDefinition.palette.primary.main },
                secondary: { main: theme.themeDefinition.palette.secondary.main },
              },
            },
            logoImageGroupId: theme.logoImageGroupId,
          },
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? fromItem(Attributes) : null;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
};

/**
 * Deletes the company's partition: profile and memberships. Features that keep data elsewhere
 * (positions, candidates, media) extend this when they arrive.
 */
export const deleteCompanyData = async (companyId: string): Promise<void> => {
  const items = await companyPartition(companyId);
  for (let i = 0; i < items.length; i += 25) {
    const chunk = items.slice(i, i + 25);
    let requests: Record<string, any>[] | undefined = chunk.map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } }));
    for (let attempt = 0; requests && requests.length > 0 && attempt < 5; attempt++) {
      const result: { UnprocessedItems?: Record<string, Record<string, any>[]> } = await db.send(
        new BatchWriteCommand({ RequestItems: { [tableName()]: requests as never } }),
      );
      requests = result.UnprocessedItems?.[tableName()];
    }
  }
};
