import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { IntegrationType } from '../contracts/integrations';
import type { ResultEvent } from '../adapters/ats/adapter';
import { batchGetItems } from './batch-get';
import { db, tableName } from './client';
import { epochSeconds, keys, schedulePartitions } from './keys';
import { queryAll } from './query';
import { pageShards, readShards } from './schedule-shards';
import { ConditionFailed, transact, type TransactionStep } from './transaction';

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
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.integration(integrationId),
        UpdateExpression: 'SET sealed = :sealed',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':sealed': sealed },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
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
  for (let i = 0; i < imports.length; i += 25) {
    let requests: Record<string, any>[] | undefined = imports.slice(i, i + 25).map((key) => ({ DeleteRequest: { Key: { PK: key.PK, SK: key.SK } } }));
    for (let attempt = 0; requests && requests.length > 0 && attempt < 5; attempt++) {
      const result: { UnprocessedItems?: Record<string, Record<string, any>[]> } = await db.send(
        new BatchWriteCommand({ RequestItems: { [tableName()]: requests as never } }),
      );
      requests = result.UnprocessedItems?.[tableName()];
    }
  }
  return true;
};

/** Which of these ATS refs the integration has brought into the position already (BatchGetItem, 100 keys a call). */
export const importedRefs = async (integrationId: string, positionId: string, refs: readonly string[]): Promise<Set<string>> => {
  const found = await batchGetItems(
    refs.map((ref) => keys.integrationImport(integrationId, positionId, ref)),
    { attributes: ['ref'] },
  );
  return new Set([...found.values()].map((item) => item.ref as string));
};

/** The step that records an ATS candidate's import with the candidate it created (fails: already imported). */
export const importStep = (integrationId: string, positionId: string, ref: string, candidateId: string): TransactionStep<'import'> => ({
  name: 'import',
  about: ref,
  item: {
    Put: {
      TableName: tableName(),
      Item: { ...keys.integrationImport(integrationId, positionId, ref), type: 'integrationImport', ref, candidateId },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
});

/** Records an ATS candidate the position will not invite (already a candidate by e-mail), so syncs stop trying. */
export const markImported = async (integrationId: string, positionId: string, ref: string, reason: string): Promise<void> => {
  await db
    .send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.integrationImport(integrationId, positionId, ref), type: 'integrationImport', ref, candidateId: null, reason },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
};

/** OAuth consents in flight: single use, bound to the company and the user who started them. */
export interface OAuthState {
  companyId: string;
  userId: string;
  integrationType: IntegrationType;
  expiresAt: number;
}

export const putOAuthState = (stateHash: string, state: OAuthState) =>
  db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.oauthState(stateHash), type: 'oauthState', ...state, ttl: state.expiresAt },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );

/** Uses up a state (deleted whatever else happens); null when unknown, used, expired or another user's. */
export const consumeOAuthState = async (stateHash: string, userId: string, now = new Date()): Promise<OAuthState | null> => {
  const { Attributes } = await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.oauthState(stateHash), ReturnValues: 'ALL_OLD' }));
  if (!Attributes || Attributes.userId !== userId || Number(Attributes.expiresAt) <= epochSeconds(now)) return null;
  return {
    companyId: Attributes.companyId,
    userId: Attributes.userId,
    integrationType: Attributes.integrationType,
    expiresAt: Number(Attributes.expiresAt),
  };
};

/** A result waiting to be written back to the candidate's ATS profile. */
export interface PendingResult {
  dueAt: string;
  candidateId: string;
  integrationId: string;
  event: ResultEvent;
  attempts: number;
}

/** The step that plans a result with the status change that causes it (a transactional outbox). */
export const resultStep = (result: PendingResult): TransactionStep<'result'> => ({
  name: 'result',
  item: {
    Put: {
      TableName: tableName(),
      Item: { ...keys.integrationResult(result.dueAt, result.candidateId, result.event), type: 'integrationResult', ...result },
    },
  },
});

/** Up to `limit` results due before `now`, from every shard (db/schedule-shards.ts: at most one Query a shard). */
export const dueResults = async (now: Date, limit = 50): Promise<PendingResult[]> =>
  (
    await readShards(
      (shard) => ({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND SK < :now',
        ExpressionAttributeValues: { ':pk': schedulePartitions.integrationResults(shard), ':now': now.toISOString() },
      }),
      limit,
    )
  ).map((i) => ({ dueAt: i.dueAt, candidateId: i.candidateId, integrationId: i.integrationId, event: i.event, attempts: Number(i.attempts ?? 0) }));

/** The candidate's write-back state, as their integration panel shows it. */
export interface WriteBack {
  event: ResultEvent;
  status: 'pending' | 'retrying' | 'delivered' | 'failed';
  attempts: number;
  lastError: string | null;
  updatedAt: string;
}

const writeBackStep = (candidateId: string, writeBack: WriteBack): TransactionStep<'candidate'> => ({
  name: 'candidate',
  item: {
    Update: {
      TableName: tableName(),
      Key: keys.candidate(candidateId),
      UpdateExpression: 'SET integration.writeBack = :writeBack',
      ConditionExpression: 'attribute_exists(integration)',
      ExpressionAttributeValues: { ':writeBack': writeBack },
    },
  },
});

const takeStep = (result: PendingResult): TransactionStep<'take'> => ({
  name: 'take',
  item: {
    Delete: {
      TableName: tableName(),
      Key: keys.integrationResult(result.dueAt, result.candidateId, result.event),
      ConditionExpression: 'attribute_exists(PK)',
    },
  },
});

/**
 * Settles a result the job tried: taken off the schedule (false when another run took it first),
 * the candidate's panel updated, and (`retryAt`) planned again with one more attempt.
 */
export const settleResult = async (result: PendingResult, writeBack: WriteBack | null, retryAt?: string): Promise<boolean> => {
  try {
    await transact([
      takeStep(result),
      ...(writeBack ? [writeBackStep(result.candidateId, writeBack)] : []),
      ...(retryAt ? [resultStep({ ...result, dueAt: retryAt, attempts: result.attempts + 1 })] : []),
    ]);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed && error.step === 'take') return false;
    // The candidate is gone (or never had an integration): only take the result off the schedule.
    if (error instanceof ConditionFailed && error.step === 'candidate') return settleResult(result, null);
    throw error;
  }
};
