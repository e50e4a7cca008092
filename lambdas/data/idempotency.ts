import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { gunzipSync, gzipSync } from 'node:zlib';
import { db, tableName } from './client';
import { keys } from './keys';
import { writeIf } from './conditional-write';

/**
 * Requests made with an `Idempotency-Key` (issue 37), the pattern of Powertools' idempotency utility
 * on the one table: the first request claims the key with a conditional put (`in_progress`, locked
 * for as long as its function may run), runs, and stores its response (`completed`); a repeat within
 * 24 hours is answered with that response and runs nothing. A repeat while the first still runs is
 * told so (`InProgress`); after a failure the claim is released, so the retry runs anew. A claim
 * whose lock ran out (its function was stopped at its timeout) may be taken over.
 */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** A response as the handler chain returns it to API Gateway. */
export interface StoredResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

export type Claim =
  | { outcome: 'claimed' }
  | { outcome: 'completed'; response: StoredResponse }
  | { outcome: 'in_progress'; lockedUntil: number }
  /** The key was used for a different request (another body or path). */
  | { outcome: 'mismatch' };

interface Item {
  status: 'in_progress' | 'completed';
  requestHash: string;
  lockedUntil?: number;
  response?: { statusCode: number; headers: Record<string, string>; body: Uint8Array };
  ttl: number;
}

const read = async (scopeHash: string): Promise<Item | undefined> =>
  (await db.send(new GetCommand({ TableName: tableName(), Key: keys.idempotency(scopeHash), ConsistentRead: true }))).Item as Item | undefined;

/** Claims `scopeHash` for a request whose content hashes to `requestHash`, or says what holds it. */
export const claimIdempotencyKey = async (scopeHash: string, requestHash: string, lockMs: number, now = Date.now()): Promise<Claim> => {
  const nowSeconds = Math.floor(now / 1000);
  for (let attempt = 0; attempt < 2; attempt++) {
    // writeIf: when the put was applied but its answer lost, the SDK's retry meets this claim's own
    // item and fails its condition; without the write id that read as another request holding the
    // key, and the first request answered 409 to itself (found by the soak test, test/soak).
    if (
      await writeIf(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.idempotency(scopeHash),
            type: 'idempotency',
            status: 'in_progress',
            requestHash,
            lockedUntil: now + lockMs,
            ttl: nowSeconds + IDEMPOTENCY_TTL_SECONDS,
          },
          // Free, expired (TTL deletes lazily), or a claim whose function can no longer be running.
          ConditionExpression: 'attribute_not_exists(PK) OR #ttl < :now OR (#status = :inProgress AND lockedUntil < :nowMs)',
          ExpressionAttributeNames: { '#ttl': 'ttl', '#status': 'status' },
          ExpressionAttributeValues: { ':now': nowSeconds, ':nowMs': now, ':inProgress': 'in_progress' },
        }),
      )
    )
      return { outcome: 'claimed' };
    const held = await read(scopeHash);
    // Released (or expired) between the put and the read: claim again.
    if (!held || held.ttl < nowSeconds) continue;
    if (held.requestHash !== requestHash) return { outcome: 'mismatch' };
    if (held.status === 'completed' && held.response) {
      const { statusCode, headers, body } = held.response;
      return { outcome: 'completed', response: { statusCode, headers, body: gunzipSync(body).toString('utf8') } };
    }
    return { outcome: 'in_progress', lockedUntil: held.lockedUntil ?? now };
  }
  return { outcome: 'in_progress', lockedUntil: now };
};

/** Stores the response of the claimed request (gzipped: a bulk invite's answer stays well within an item's 400 KB). */
export const completeIdempotencyKey = async (scopeHash: string, requestHash: string, response: StoredResponse): Promise<void> => {
  await writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.idempotency(scopeHash),
      UpdateExpression: 'SET #status = :completed, #response = :response REMOVE lockedUntil',
      ConditionExpression: 'requestHash = :requestHash',
      ExpressionAttributeNames: { '#status': 'status', '#response': 'response' },
      ExpressionAttributeValues: {
        ':completed': 'completed',
        ':requestHash': requestHash,
        ':response': { statusCode: response.statusCode, headers: response.headers, body: gzipSync(response.body) },
      },
    }),
  );
};

/** Releases a claim whose request failed (nothing was done), so a retry with the same key runs anew. */
export const releaseIdempotencyKey = async (scopeHash: string, requestHash: string): Promise<void> => {
  await writeIf(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.idempotency(scopeHash),
      ConditionExpression: '#status = :inProgress AND requestHash = :requestHash',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':inProgress': 'in_progress', ':requestHash': requestHash },
    }),
  );
};
