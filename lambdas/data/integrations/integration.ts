import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { IntegrationType } from '../../contracts/integrations';
import { deleteItems } from '../batch-write';
import { db, tableName } from '../client';
import { keys, schedulePartitions } from '../keys';
import { queryAll } from '../query';
import { pageShards } from '../schedule-shards';
import { ConditionFailed, transact } from '../transaction';
import { writeIf } from '../conditional-write';

/**
 * ATS integrations (one per type and company). The credentials are stored sealed by KMS (the
 * caller seals and opens them: lambdas/app/integrations/credentials.ts); this module never sees
 * them in the clear. Beside the integration: one item per type and company (uniqueness), one per
 * ATS candidate brought into a position (integrationImport: no second invite), OAuth states in
 * flight, and the results waiting to be written back (a sharded schedule, like planned messages).
 */
export interface SyncStatus {
  syncedAt: string;
  invited: number;
  problem: string | null;
}

export interface IntegrationRecord {
  integrationId: string;
  companyId: string;
  integrationType: IntegrationType;
  /** The non-secret part of the credentials (hiringthing's username, greenhouse's client id, recruitee's company id). */
  username: string | null;
  /** The secret's length, for its mask (spec §2: about 1.25 times the value's length). */
  secretLength: number;
  /** KMS ciphertext (base64) of the credentials and the webhook secret, JSON. */
  sealed: string;
  /** The webhooks the ATS registered for us, if it can. */
  webhookIds: string[];
  automaticStageTransitions: boolean;
  createdAt: string;
  createdBy: string;
  lastSync: SyncStatus | null;
}

export class IntegrationTypeTaken extends Error {}
export class AlreadyImported extends Error {}

const fromItem = (item: Record<string, any>): IntegrationRecord => ({
  integrationId: item.integrationId,
  companyId: item.companyId,
  integrationType: item.integrationType,
  username: item.username ?? null,
  secretLength: Number(item.secretLength ?? 0),
  sealed: item.sealed,
  webhookIds: item.webhookIds ?? [],
  automaticStageTransitions: item.automaticStageTransitions === true,
  createdAt: item.createdAt,
  createdBy: item.createdBy,
  lastSync: item.lastSync ?? null,
});

/** Stores a new integration; IntegrationTypeTaken when the company has one of its type already. */
export const putIntegration = async (record: IntegrationRecord): Promise<void> => {
  try {
    await transact([
      {
        name: 'type',
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.integrationType(record.companyId, record.integrationType),
              type: 'integrationType',
              integrationId: record.integrationId,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
      {
        name: 'integration',
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.integration(record.integrationId),
              ...keys.integrationByCompany(record.companyId, record.integrationType),
              ...keys.integrationToSync(record.integrationId),
              type: 'integration',
              ...record,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed && error.step === 'type') throw new IntegrationTypeTaken();
    throw error;
  }
};

export const getIntegration = async (integrationId: string): Promise<IntegrationRecord | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.integration(integrationId) }));
  return Item ? fromItem(Item) : null;
};

/** The key of an item in an integration's partition. */
export interface ImportKey {
  PK: string;
  SK: string;
}

/** An integration and the keys of the imports in its partition: what deleting it takes along. */
export interface IntegrationWithImports {
  record: IntegrationRecord | null;
  imports: ImportKey[];
}

const IMPORT_PREFIX = 'IMPORT#';

/**
 * The integration and the keys of its imports in one Query of its partition (strongly consistent,
 * paged past 1 MB), so that deleting it reads nothing more; the record is null when it is gone.
 */
export const getIntegrationWithImports = async (integrationId: string): Promise<IntegrationWithImports> => {
  const key = keys.integration(integrationId);
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': key.PK },
    ConsistentRead: true,
  });
  const item = items.find((found) => found.SK === key.SK);
  return {
    record: item ? fromItem(item) : null,
    imports: items.filter((found) => String(found.SK).startsWith(IMPORT_PREFIX)).map((found) => ({ PK: found.PK, SK: found.SK })),
  };
};

/** The company's integrations, by type (one Query). */
export const companyIntegrations = async (companyId: string): Promise<IntegrationRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.integrationByCompany(companyId, '').GSI1PK },
    })
  ).map(fromItem);

/**
 * A page of every integration of the deployment (the sync job), and where the next page starts:
 * the integrations' shards one after another (db/schedule-shards.ts), `after` as the last page gave it.
 */
export const integrationsToSync = async (
  limit: number,
  after?: Record<string, unknown>,
): Promise<{ integrations: IntegrationRecord[]; next?: Record<string, unknown> }> => {
  const page = await pageShards(
    (shard) => ({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': schedulePartitions.integrationsToSync(shard) },
    }),
    limit,
    after,
  );
  return { integrations: page.items.map(fromItem), next: page.next };
};

/** Replaces the sealed credentials (an OAuth refresh); false when the integration is gone. */
export const saveSealedCredentials = async (integrationId: string, sealed: string): Promise<boolean> => {
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.integration(integrationId),
      UpdateExpression: 'SET sealed = :sealed',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':sealed': sealed },
    }),
  );
};

/** Records the webhooks the ATS registered for us (and the sealed secrets with the secret it signs with). */
export const setWebhooks = async (integrationId: string, webhookIds: readonly string[], sealed: string): Promise<void> => {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.integration(integrationId),
      UpdateExpression: 'SET webhookIds = :ids, sealed = :sealed',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':ids': [...webhookIds], ':sealed': sealed },
    }),
  );
};

export const recordSync = async (integrationId: string, lastSync: SyncStatus): Promise<void> => {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.integration(integrationId),
        UpdateExpression: 'SET lastSync = :lastSync',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':lastSync': lastSync },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
};

/**
 * Deletes the integration (its sealed credentials with it) and frees its type, then the records of
 * whom it brought in (`imports`, as getIntegrationWithImports read them). False when it was gone already.
 */
export const deleteIntegrationRecord = async (record: IntegrationRecord, imports: readonly ImportKey[]): Promise<boolean> => {
  try {
    await transact([
      {
        name: 'integration',
        item: { Delete: { TableName: tableName(), Key: keys.integration(record.integrationId), ConditionExpression: 'attribute_exists(PK)' } },
      },
      {
        name: 'type',
        item: {
          Delete: {
            TableName: tableName(),
            Key: keys.integrationType(record.companyId, record.integrationType),
            ConditionExpression: 'attribute_not_exists(PK) OR integrationId = :id',
            ExpressionAttributeValues: { ':id': record.integrationId },
          },
        },
      },
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
  await deleteItems(imports);
  return true;
};
