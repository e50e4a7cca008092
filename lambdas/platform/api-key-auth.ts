import { API_KEY_ERRORS } from '../contracts/api-keys';
import { getApiKey, storeKeyUse, type StoredApiKey } from '../data/api-keys';
import { keyIdOf, keyPrincipal, keyRefusal, missingScopeDetail, takeToken } from '../domain/api-keys';
import type { Operation } from '../operations/operation';
import { sameHash, sha256 } from './crypto';
import { forbidden, HttpError, unauthorized } from './errors';

/**
 * `Authorization: Bearer vik_…` on a request (issue 38): the key's checks, as the handler chain runs
 * them in place of the session's. The route must take keys (`apiKeyScope`; owner routes never do) and
 * the key must have that scope, be ours (its hash matches, compared in constant time), unrevoked and
 * unexpired; then it takes a token of its bucket (a conditional write of the bucket it read, retried
 * when another request of the key took one meanwhile) or the request is a 429 with Retry-After.
 * What it returns stands in for a session: the key's principal as the user id (domain/api-keys.ts).
 */
export const INVALID_KEY_DETAIL = 'This API key is not valid: it may have been revoked or have expired.';
export const KEY_NOT_ALLOWED_DETAIL =
  'API keys cannot call this route: company administration (billing, team, API keys, webhooks, retention, the audit log) needs a signed-in owner.';
export const RATE_LIMITED_DETAIL = 'Too many requests with this API key. Wait a moment and try again.';

/** Tries of the bucket's conditional write before the request is refused as rate limited (concurrent requests of one key). */
const BUCKET_TRIES = 5;

export interface KeyPrincipal {
  userId: string;
  key: StoredApiKey;
}

/** The bearer token of the Authorization header, or undefined when there is none (a malformed header is a 401). */
export const bearerToken = (authorization: string | undefined): string | undefined => {
  if (authorization === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) throw unauthorized('Send the API key as "Authorization: Bearer <key>".', API_KEY_ERRORS.invalid);
  return match[1];
};


export const authenticateApiKey = async (route: Operation, token: string, now = new Date()): Promise<KeyPrincipal> => {
  const scope = route.apiKeyScope;
  if (route.auth !== 'session' || !scope) throw forbidden(KEY_NOT_ALLOWED_DETAIL, API_KEY_ERRORS.notAllowed);
  const keyId = keyIdOf(token);
  if (!keyId) throw unauthorized(INVALID_KEY_DETAIL, API_KEY_ERRORS.invalid);
  let key = await getApiKey(keyId);
  for (let attempt = 1; ; attempt++) {
    if (!key || !sameHash(key.secretHash, sha256(token)) || keyRefusal(key, now)) throw unauthorized(INVALID_KEY_DETAIL, API_KEY_ERRORS.invalid);
    if (!key.scopes.includes(scope)) throw forbidden(missingScopeDetail(scope), API_KEY_ERRORS.scope);
    const taken = takeToken(key.bucket, now.getTime());
    if (!taken.ok) throw rateLimited(taken.retryAfterMs);
    if (await storeKeyUse(keyId, key.bucket, taken.bucket, now)) break;
    if (attempt >= BUCKET_TRIES) throw rateLimited(1000);
    key = await getApiKey(keyId);
  }
  return { userId: keyPrincipal(key.companyId, key.keyId), key };
};

const rateLimited = (retryAfterMs: number) =>
  new HttpError(429, RATE_LIMITED_DETAIL, API_KEY_ERRORS.rateLimited, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
