import { API_KEY_BURST, API_KEY_REFILL_PER_SECOND, API_KEY_SCOPE_LABELS, apiKeyPattern, type ApiKeyScope } from '../contracts/api-keys';
import type { MemberRole } from '../contracts/vocabulary';

/**
 * API keys' rules (issue 38), pure. A key acts for one company: its principal (the user id the
 * access checks take) names the company and the key, so every check keyed by (company, user) works
 * unchanged, and the membership it has there is derived, never stored (a key is listed among no
 * company's members, notified of nothing, and counts as no seat).
 */
const PRINCIPAL_PREFIX = 'apikey.';

/** The user id a key's requests carry. Ids are `[A-Za-z0-9_-]`, so a dot cannot occur in a real user id. */
export const keyPrincipal = (companyId: string, keyId: string): string => `${PRINCIPAL_PREFIX}${companyId}.${keyId}`;

/** The company and key a principal names, or null for a person's user id. */
export const parseKeyPrincipal = (userId: string): { companyId: string; keyId: string } | null => {
  if (!userId.startsWith(PRINCIPAL_PREFIX)) return null;
  const [companyId, keyId, ...rest] = userId.slice(PRINCIPAL_PREFIX.length).split('.');
  return companyId && keyId && rest.length === 0 ? { companyId, keyId } : null;
};

/**
 * A key's membership of `companyId`: a member's (never the owner's) of its own company, nothing of
 * another; undefined when the user id is a person's (the membership is then read from the table).
 */
export const keyMembership = (companyId: string, userId: string): { companyId: string; userId: string; role: MemberRole } | null | undefined => {
  const principal = parseKeyPrincipal(userId);
  if (!principal) return undefined;
  return principal.companyId === companyId ? { companyId, userId, role: 'member' } : null;
};

/** The key id a bearer token names, or null when it is not shaped like one of our keys. */
export const keyIdOf = (token: string): string | null => apiKeyPattern.exec(token)?.[1] ?? null;

/** What the list shows of a key: its start, up to and including the key id. */
export const keyDisplayPrefix = (keyId: string): string => `vik_${keyId}`;

/** Why a stored key does not admit a request now, or null when it does. */
export const keyRefusal = (key: { revokedAt: string | null; expiresAt: string | null }, now: Date): 'revoked' | 'expired' | null => {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && Date.parse(key.expiresAt) <= now.getTime()) return 'expired';
  return null;
};

/** The 403 of a route that needs a scope the key lacks, naming it. */
export const missingScopeDetail = (scope: ApiKeyScope): string =>
  `This API key lacks the scope "${scope}" (${API_KEY_SCOPE_LABELS[scope]}). Create a key with it in Company settings → API.`;

/**
 * A token bucket: `tokens` left at `at` (ms), refilled at `ratePerSecond` up to `burst`. Taking one
 * at `now` gives the bucket to store, or how long to wait (ms) until one is there. The stored time
 * never moves back: a request that read the clock before another one stored its bucket would
 * otherwise rewind `at` and have the same interval refilled twice.
 */
export interface Bucket {
  tokens: number;
  at: number;
}
export const takeToken = (
  bucket: Bucket | null,
  now: number,
  burst = API_KEY_BURST,
  ratePerSecond = API_KEY_REFILL_PER_SECOND,
): { ok: true; bucket: Bucket } | { ok: false; retryAfterMs: number } => {
  const elapsed = bucket ? Math.max(0, now - bucket.at) : Infinity;
  const available = bucket ? Math.min(burst, bucket.tokens + (elapsed / 1000) * ratePerSecond) : burst;
  if (available >= 1) return { ok: true, bucket: { tokens: available - 1, at: Math.max(now, bucket?.at ?? now) } };
  return { ok: false, retryAfterMs: Math.ceil(((1 - available) / ratePerSecond) * 1000) };
};
