import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomToken, sha256 } from '../platform/crypto';
import { db, tableName } from './client';
import { epochSeconds, keys } from './keys';
import { deleteItems } from './batch-write';
import { queryAll } from './query';
import { readItem } from './request-reads';

/** Sessions expire after this much inactivity; each use slides the expiry (at most once a minute). */
export const SESSION_IDLE_SECONDS = 14 * 24 * 60 * 60;
const SLIDE_AFTER_SECONDS = 60;

export interface Session {
  sessionHash: string;
  userId: string;
  expiresAt: number;
}

/**
 * The live session for a raw session id, or null when unknown or expired. The raw id never
 * reaches the table: items are keyed by its hash. DynamoDB's TTL deletion is lazy, so expiry is
 * checked here as well. `slide` is set when the expiry is due to slide (at most once a minute):
 * the handler chain runs it alongside the request instead of before it.
 */
export const loadSession = async (sessionId: string, now = new Date()): Promise<(Session & { slide: (() => Promise<void>) | null }) | null> => {
  const sessionHash = sha256(sessionId);
  // Planned with the request's other first reads (request-reads.ts): the candidate a page opens, say.
  const Item = await readItem(keys.session(sessionHash));
  if (!Item || typeof Item.userId !== 'string' || typeof Item.ttl !== 'number') return null;
  const nowSeconds = epochSeconds(now);
  if (Item.ttl <= nowSeconds) return null;
  const expiresAt = nowSeconds + SESSION_IDLE_SECONDS;
  if (expiresAt - Item.ttl < SLIDE_AFTER_SECONDS) return { sessionHash, userId: Item.userId, expiresAt: Item.ttl, slide: null };
  return { sessionHash, userId: Item.userId, expiresAt, slide: () => slideSession(sessionHash, expiresAt) };
};

/** Moves a session's expiry on; a session revoked meanwhile simply stays revoked (the request itself may still proceed). */
const slideSession = async (sessionHash: string, expiresAt: number): Promise<void> => {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.session(sessionHash),
        UpdateExpression: 'SET #ttl = :ttl',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':ttl': expiresAt },
      }),
    );
  } catch {
    // revoked meanwhile, or the write failed: the next use slides it
  }
};

/**
 * How a session was signed in (issue 42): an e-mailed code (or an invitation's link), a single sign-on
 * through a provider, or an owner's recovery code. Requiring single sign-on ends a member's sessions
 * that are not `sso`; removing a provider ends the sessions that came through it.
 */
export type SessionOrigin = { method: 'code' } | { method: 'recovery'; companyId: string } | { method: 'sso'; companyId: string; providerId: string };

/** A new session's raw id (256 random bits, returned once) and the item that stores only its hash, indexed by its user (and its provider). */
export const newSessionItem = (userId: string, now = new Date(), origin: SessionOrigin = { method: 'code' }) => {
  const sessionId = randomToken(32);
  const sessionHash = sha256(sessionId);
  const item = {
    ...keys.session(sessionHash),
    ...keys.sessionByUser(userId, sessionHash),
    ...(origin.method === 'sso' ? keys.sessionByProvider(origin.providerId, sessionHash) : {}),
    type: 'session',
    userId,
    ...origin,
    createdAt: now.toISOString(),
    ttl: epochSeconds(now) + SESSION_IDLE_SECONDS,
  };
  return { sessionId, item };
};

/**
 * Ends the sessions found on an index partition (a user's on GSI1, a provider's on GSI2) but those
 * `spare` says to keep (the caller's own, say): a paged Query, then the deletions in batches
 * (deleteItems). Returns how many ended.
 */
export const endIndexedSessions = async (
  index: { name: 'GSI1' | 'GSI2'; partition: string },
  spare: (session: { method?: string; sessionHash: string }) => boolean = () => false,
): Promise<number> => {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: index.name,
    KeyConditionExpression: `${index.name}PK = :pk`,
    ExpressionAttributeValues: { ':pk': index.partition },
  });
  const doomed = items
    .map((item) => ({ PK: String(item.PK), SK: String(item.SK), method: item.method, sessionHash: String(item.PK).slice('SESSION#'.length) }))
    .filter((session) => session.PK.startsWith('SESSION#') && !spare(session));
  await deleteItems(doomed);
  return doomed.length;
};

/** Sign-out: the session stops working at once. Deleting an unknown session is not an error. */
export const deleteSession = async (sessionId: string): Promise<void> => {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.session(sha256(sessionId)) }));
};
