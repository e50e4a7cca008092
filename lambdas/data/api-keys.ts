import { QueryCommand, UpdateCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { ApiKeyScope } from '../contracts/api-keys';
import type { Bucket } from '../domain/api-keys';
import { db, tableName } from './client';
import { keys } from './keys';
import { readItem } from './request-reads';
import { writeIf } from './conditional-write';
import { queryAll } from './query';

/**
 * API keys (issue 38): one item per key, by its id (the id is in the key, so a request reads its
 * key with one strongly consistent GetItem: a revoked key stops at once), on GSI1 in the company's
 * key list. The item holds the SHA-256 of the whole key, never the key, and the key's token bucket.
 */
export interface StoredApiKey {
  keyId: string;
  companyId: string;
  name: string;
  scopes: ApiKeyScope[];
  secretHash: string;
  createdAt: string;
  createdByUserId: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  bucket: Bucket | null;
}

const fromItem = (item: Record<string, any>): StoredApiKey => ({
  keyId: item.keyId,
  companyId: item.companyId,
  name: item.name,
  scopes: item.scopes ?? [],
  secretHash: item.secretHash,
  createdAt: item.createdAt,
  createdByUserId: item.createdByUserId,
  expiresAt: item.expiresAt ?? null,
  lastUsedAt: item.lastUsedAt ?? null,
  revokedAt: item.revokedAt ?? null,
  bucket: typeof item.bucketTokens === 'number' && typeof item.bucketAt === 'number' ? { tokens: item.bucketTokens, at: item.bucketAt } : null,
});

export const putApiKey = async (key: Omit<StoredApiKey, 'lastUsedAt' | 'revokedAt' | 'bucket'>): Promise<StoredApiKey> => {
  const stored: StoredApiKey = { ...key, lastUsedAt: null, revokedAt: null, bucket: null };
  const written = await writeIf(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.apiKey(key.keyId),
        ...keys.apiKeyByCompany(key.companyId, key.createdAt, key.keyId),
        type: 'api-key',
        keyId: key.keyId,
        companyId: key.companyId,
        name: key.name,
        scopes: key.scopes,
        secretHash: key.secretHash,
        createdAt: key.createdAt,
        createdByUserId: key.createdByUserId,
        ...(key.expiresAt ? { expiresAt: key.expiresAt } : {}),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  if (!written) throw new Error('API key id collision');
  return stored;
};

/** The key with this id (strongly consistent, with the request's other first reads), or null. */
export const getApiKey = async (keyId: string): Promise<StoredApiKey | null> => {
  const item = await readItem(keys.apiKey(keyId), { consistent: true });
  return item ? fromItem(item) : null;
};

/** The company's keys, newest first (one Query of GSI1; a company has few). */
export const listApiKeys = async (companyId: string): Promise<StoredApiKey[]> => {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.apiKeyByCompany(companyId, '', '').GSI1PK },
      ScanIndexForward: false,
    }),
  );
  return Items.map(fromItem);
};

/** Every key of the company, every page (its deletion deletes them). */
export const allApiKeyKeys = async (companyId: string) =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.apiKeyByCompany(companyId, '', '').GSI1PK },
      ProjectionExpression: 'PK, SK',
    })
  ).map((item) => ({ PK: item.PK as string, SK: item.SK as string }));

/** Revokes the company's key (it keeps its revocation time if revoked before); null when the company has no such key. */
export const revokeApiKey = async (companyId: string, keyId: string, now: Date): Promise<StoredApiKey | null> => {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.apiKey(keyId),
        UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :now)',
        ConditionExpression: 'companyId = :companyId',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':companyId': companyId },
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
 * Stores the bucket a request left and its use, if the bucket is still the one it was computed
 * from (`previous`): false when another request of the key took a token meanwhile (read again and
 * retry), or the key was revoked meanwhile.
 */
export const storeKeyUse = async (keyId: string, previous: Bucket | null, next: Bucket, now: Date): Promise<boolean> => {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.apiKey(keyId),
        UpdateExpression: 'SET bucketTokens = :tokens, bucketAt = :at, lastUsedAt = :now',
        ConditionExpression: previous
          ? // Both: two requests within one millisecond leave the same `bucketAt`, and a third one that
            // read the first's bucket would pass a check of the time alone and spend a token twice.
            'attribute_exists(PK) AND attribute_not_exists(revokedAt) AND bucketAt = :previousAt AND bucketTokens = :previousTokens'
          : 'attribute_exists(PK) AND attribute_not_exists(revokedAt) AND attribute_not_exists(bucketAt)',
        ExpressionAttributeValues: {
          ':tokens': next.tokens,
          ':at': next.at,
          ':now': now.toISOString(),
          ...(previous ? { ':previousAt': previous.at, ':previousTokens': previous.tokens } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};
