import { randomBytes } from 'node:crypto';
import { API_KEY_ID_LENGTH, API_KEY_MAX_DAYS, API_KEY_PREFIX, type ApiKeyScope } from '../../contracts/api-keys';
import { listApiKeys, putApiKey, revokeApiKey as revokeStoredKey, type StoredApiKey } from '../../data/api-keys';
import { listMembers } from '../../data/members';
import type { Membership } from '../../data/memberships';
import { keyDisplayPrefix } from '../../domain/api-keys';
import { sha256 } from '../../platform/crypto';
import { badRequest, notFound } from '../../platform/errors';
import { alongside } from '../access/alongside';

/**
 * Company settings → API (issue 38): the owner's keys. A key's secret is made here, answered once
 * and stored only as its hash; the list names who created each key.
 */
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters of [A-Za-z0-9], uniformly (bytes past the largest multiple of 62 are redrawn). */
const alphanumeric = (length: number): string => {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHANUMERIC[byte % 62];
    }
  }
  return out;
};

/** 32 characters of 62: about 190 bits. */
const SECRET_LENGTH = 32;

const DAY_MS = 24 * 60 * 60 * 1000;

const expiryOf = (expiresAt: string | null, now: Date): string | null => {
  if (expiresAt === null) return null;
  const at = Date.parse(expiresAt);
  if (at <= now.getTime())
    throw badRequest([{ loc: ['body', 'expires_at'], msg: 'Choose an expiry in the future.', type: 'too_small' }], 'validation_error');
  if (at > now.getTime() + API_KEY_MAX_DAYS * DAY_MS)
    throw badRequest(
      [{ loc: ['body', 'expires_at'], msg: `Choose an expiry at most ${API_KEY_MAX_DAYS} days away.`, type: 'too_big' }],
      'validation_error',
    );
  return new Date(at).toISOString();
};

const listed = (key: StoredApiKey, emails: Map<string, string>) => ({
  keyId: key.keyId,
  name: key.name,
  prefix: keyDisplayPrefix(key.keyId),
  scopes: key.scopes,
  createdAt: key.createdAt,
  createdBy: emails.has(key.createdByUserId) ? { userId: key.createdByUserId, email: emails.get(key.createdByUserId)! } : null,
  expiresAt: key.expiresAt,
  lastUsedAt: key.lastUsedAt,
  revokedAt: key.revokedAt,
});

const memberEmails = async (companyId: string) => new Map((await listMembers(companyId)).members.map((m) => [m.userId, m.email]));

/** The company's keys with who created them: the keys and the members read alongside the owner check. */
export const apiKeysOf = async (companyId: string, owner: PromiseLike<Membership>) => {
  const [, [keys, emails]] = await alongside(Promise.resolve(owner), Promise.all([listApiKeys(companyId), memberEmails(companyId)]));
  return { apiKeys: keys.map((key) => listed(key, emails)) };
};

export const createApiKey = async (
  companyId: string,
  owner: PromiseLike<Membership>,
  input: { name: string; scopes: ApiKeyScope[]; expiresAt: string | null },
  now = new Date(),
) => {
  const expiresAt = expiryOf(input.expiresAt, now);
  const [membership, emails] = await alongside(Promise.resolve(owner), memberEmails(companyId));
  const keyId = alphanumeric(API_KEY_ID_LENGTH);
  const secret = `${API_KEY_PREFIX}${keyId}_${alphanumeric(SECRET_LENGTH)}`;
  const stored = await putApiKey({
    keyId,
    companyId,
    name: input.name,
    scopes: [...new Set(input.scopes)],
    secretHash: sha256(secret),
    createdAt: now.toISOString(),
    createdByUserId: membership.userId,
    expiresAt,
  });
  return { ...listed(stored, emails), secret };
};

export const revokeApiKey = async (companyId: string, owner: PromiseLike<Membership>, keyId: string, now = new Date()) => {
  const [, emails] = await alongside(Promise.resolve(owner), memberEmails(companyId));
  const revoked = await revokeStoredKey(companyId, keyId, now);
  if (!revoked) throw notFound('API key not found.');
  return listed(revoked, emails);
};
