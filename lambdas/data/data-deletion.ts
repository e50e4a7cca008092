import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DeletedDataKind, DeletionPath } from '../contracts/vocabulary';
import { randomToken, sha256 } from '../platform/crypto';
import { batchGetItems } from './batch-get';
import { db, tableName } from './client';
import { epochSeconds, keys } from './keys';
import { positionListKey } from './positions';
import { queryAll } from './query';

/**
 * Deletion on request (issue 28): the candidates an address is in a company, the pending request
 * (its link's nonce stored only as a hash, like a member invitation's) and the receipt kept after.
 */

export const DELETION_REQUEST_TTL_SECONDS = 24 * 60 * 60;

/** The ids of a company's positions: one Query of its GSI1 list (every status), ids only. */
export const positionIdsOfCompany = async (companyId: string): Promise<string[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': positionListKey(companyId) },
      ProjectionExpression: 'positionId',
    })
  ).map((item) => item.positionId as string);

/** The candidates of an address among these positions: the address items (`keys.candidateEmail`), BatchGetItem 100 a request. */
export const candidateIdsOfAddress = async (positionIds: readonly string[], email: string): Promise<string[]> => {
  if (positionIds.length === 0) return [];
  const found = await batchGetItems(
    positionIds.map((positionId) => keys.candidateEmail(positionId, email)),
    { consistent: true, attributes: ['candidateId'] },
  );
  return [...found.values()].map((item) => item.candidateId as string).filter(Boolean);
};

export interface DeletionRequest {
  companyId: string;
  email: string;
  /** The candidates found when it was asked for: the ones the confirmation deletes. */
  candidateIds: string[];
}

/** Stores a request (its nonce as a hash, expiring in 24 h) and returns the nonce for the link. */
export const putDeletionRequest = async (request: DeletionRequest, now = new Date()): Promise<string> => {
  const nonce = randomToken(24);
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.deletionRequest(sha256(nonce)),
        type: 'deletionRequest',
        ...request,
        createdAt: now.toISOString(),
        ttl: epochSeconds(now) + DELETION_REQUEST_TTL_SECONDS,
      },
    }),
  );
  return nonce;
};

/**
 * Takes the request of a nonce: deletes it and returns what it held, or null when there is none
 * (never issued, used already, or expired: TTL deletion is lazy, so the time is checked too).
 * One DeleteItem, so two confirmations at once cannot both take it.
 */
export const takeDeletionRequest = async (nonce: string, now = new Date()): Promise<TakenDeletionRequest | null> => {
  const { Attributes: item } = await db.send(
    new DeleteCommand({ TableName: tableName(), Key: keys.deletionRequest(sha256(nonce)), ReturnValues: 'ALL_OLD' }),
  );
  if (!item || Number(item.ttl) <= epochSeconds(now)) return null;
  return { companyId: item.companyId, email: item.email, candidateIds: item.candidateIds ?? [], createdAt: item.createdAt, ttl: Number(item.ttl) };
};

export interface TakenDeletionRequest extends DeletionRequest {
  createdAt: string;
  ttl: number;
}

/** Puts a taken request back as it was (the deletion failed half-way: the same link works again until it expires). */
export const restoreDeletionRequest = async (nonce: string, request: TakenDeletionRequest): Promise<void> => {
  await db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.deletionRequest(sha256(nonce)), type: 'deletionRequest', ...request } }));
};

export interface DeletionReceipt {
  receiptId: string;
  companyId: string;
  deletedAt: string;
  kinds: readonly DeletedDataKind[];
  path: DeletionPath;
  /** How many candidates were deleted. */
  count: number;
}

/** Keeps a receipt: ids, time, kinds, path and count only (no address, name or candidate id). */
export const putDeletionReceipt = async (receipt: DeletionReceipt): Promise<void> => {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.deletionReceipt(receipt.companyId, receipt.receiptId), type: 'deletionReceipt', ...receipt, kinds: [...receipt.kinds] },
    }),
  );
};
