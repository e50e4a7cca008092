import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Theme } from '../contracts/company';
import { defaultConfig, defaultTheme, type Credits, type StoredSubscription, type SubscriptionStatus } from '../domain/company';
import { retentionMonthsOf, type RetentionMonths } from '../domain/retention';
import { itemRead, type BatchRead } from './batch-get';
import { deleteItems } from './batch-write';
import { readItem } from './request-reads';
import { db, tableName } from './client';
import { keys, sortKeyPrefixes } from './keys';
import { queryAll } from './query';
import { ConditionFailed, transact, type TransactionStep } from './transaction';
import { writeIf } from './conditional-write';
import { DEFAULT_TIME_ZONE } from '../contracts/company';
import type { SummarySetting } from '../contracts/summaries';
import { summarySettingOf } from '../domain/summary-views';

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
  /** Retention policy (issue 28, domain/retention.ts): months a candidate's data is kept, null for never deleted automatically. */
  retentionMonths: RetentionMonths;
  /** The IANA time zone its reports count days in (issue 40); UTC until an owner sets one. */
  timeZone: string;
  /** Grounded summaries (issue 41): on or off (absent: off), and whether the share page shows them. */
  summaries: SummarySetting;
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
  retentionMonths: retentionMonthsOf(item.retentionMonths),
  timeZone: typeof item.timeZone === 'string' ? item.timeZone : DEFAULT_TIME_ZONE,
  summaries: summarySettingOf(item.summaries),
});

/** A stored company item as a Company: for reads that fetch it together with other items (BatchGetItem). */
export const companyFromItem = fromItem;

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

/** An item's key. */
export interface ItemKey {
  PK: string;
  SK: string;
}

/** What a rename reads: the company and the keys of its memberships, which carry its name. */
export interface CompanyWithMemberships {
  company: Company | null;
  memberships: ItemKey[];
}

/**
 * The company and its memberships' keys in one Query of its partition: the MEMBER# items sort
 * just before the PROFILE (whatever else may one day sort between them is read and left out).
 */
export const getCompanyWithMemberships = async (companyId: string): Promise<CompanyWithMemberships> => {
  const profile = keys.company(companyId);
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :member AND :profile',
    ExpressionAttributeValues: { ':pk': profile.PK, ':member': sortKeyPrefixes.member, ':profile': profile.SK },
    ConsistentRead: true,
  });
  const company = items.find((item) => item.SK === profile.SK);
  return {
    company: company ? fromItem(company) : null,
    memberships: items.filter((item) => String(item.SK).startsWith(sortKeyPrefixes.member)).map((item) => ({ PK: item.PK, SK: item.SK })),
  };
};

/** DynamoDB's bound on the items of one transaction. */
const ITEMS_PER_TRANSACTION = 100;

const renameStep = <Name extends 'company' | 'membership'>(name: Name, key: ItemKey, companyName: string): TransactionStep<Name> => ({
  name,
  about: key.SK,
  item: {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET companyName = :name',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':name': companyName },
    },
  },
});

/**
 * One transaction of renames. A membership removed since it was read is left out (an update
 * would bring it back as a bare item) and the rest tried again.
 */
const renameTogether = async (steps: TransactionStep<'company' | 'membership'>[]): Promise<void> => {
  let pending = steps;
  while (pending.length > 0) {
    try {
      await transact(pending);
      return;
    } catch (error) {
      if (!(error instanceof ConditionFailed) || error.step !== 'membership') throw error;
      pending = pending.filter((step) => step.about !== error.about);
    }
  }
};

/**
 * Renames the company and its memberships (they carry the name, so "my companies" is one query),
 * as `getCompanyWithMemberships` read them: in one transaction when they fit (up to 99
 * memberships), else the company with the first 99, then the others 100 a transaction, in
 * parallel. False when the company does not exist (nothing is written then).
 */
export const renameCompany = async (companyId: string, companyName: string, memberships: readonly ItemKey[]): Promise<boolean> => {
  const stepsOf = (chunk: readonly ItemKey[]) => chunk.map((key) => renameStep('membership', key, companyName));
  const withCompany = ITEMS_PER_TRANSACTION - 1;
  try {
    await renameTogether([renameStep('company', keys.company(companyId), companyName), ...stepsOf(memberships.slice(0, withCompany))]);
  } catch (error) {
    if (error instanceof ConditionFailed && error.step === 'company') return false;
    throw error;
  }
  const others: Promise<void>[] = [];
  for (let i = withCompany; i < memberships.length; i += ITEMS_PER_TRANSACTION) {
    others.push(renameTogether(stepsOf(memberships.slice(i, i + ITEMS_PER_TRANSACTION))));
  }
  await Promise.all(others);
  return true;
};

/** Sets the company's retention policy (issue 28); false when the company does not exist. */
export const setRetentionMonths = async (companyId: string, retentionMonths: RetentionMonths): Promise<boolean> => {
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.company(companyId),
      UpdateExpression: 'SET retentionMonths = :months',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':months': retentionMonths },
    }),
  );
};

/** Sets the time zone the company's reports count days in (issue 40); false when the company does not exist. */
export const setTimeZone = (companyId: string, timeZone: string): Promise<boolean> =>
  writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.company(companyId),
      // (TIMEZONE is one of DynamoDB's reserved words)
      UpdateExpression: 'SET #zone = :zone',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#zone': 'timeZone' },
      ExpressionAttributeValues: { ':zone': timeZone },
    }),
  );

/** The company's summaries setting (issue 41), as an item to read in someone else's BatchGetItem (off when the company is gone). */
export const companySummariesRead = (companyId: string): BatchRead<SummarySetting> => {
  const read = itemRead(keys.company(companyId), (item) => summarySettingOf(item.summaries));
  return { keys: read.keys, collect: (found) => read.collect(found) ?? summarySettingOf(undefined) };
};

/** The company's summaries setting on its own (with the request's other reads of the moment, request-reads.ts); off when the company is gone. */
export const companySummarySetting = async (companyId: string): Promise<SummarySetting> =>
  summarySettingOf((await readItem(keys.company(companyId)))?.summaries);

/** Sets the company's summaries setting (issue 41); false when the company does not exist. */
export const setSummarySetting = (companyId: string, setting: SummarySetting): Promise<boolean> =>
  writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.company(companyId),
      UpdateExpression: 'SET #summaries = :summaries',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#summaries': 'summaries' },
      ExpressionAttributeValues: { ':summaries': { enabled: setting.enabled, showOnSharePage: setting.showOnSharePage } },
    }),
  );

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
 * The keys of the company's own items (its partition: memberships, invitations, integration types,
 * the profile last, in key order), read before its deletion.
 */
export const companyItemKeys = async (companyId: string): Promise<ItemKey[]> =>
  (await companyPartition(companyId)).map((item) => ({ PK: item.PK, SK: item.SK }));

/**
 * Deletes the company's own items as companyItemKeys read them, in that order (the profile goes
 * last), 25 a BatchWriteItem. What keeps data elsewhere (positions and their candidates,
 * integrations, message templates) is deleted before, by the company's deletion.
 */
export const deleteCompanyData = async (items: readonly ItemKey[]): Promise<void> => {
  await deleteItems(items);
};
