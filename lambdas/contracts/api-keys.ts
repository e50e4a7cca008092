import * as z from 'zod/mini';
import { singleLineText } from './common';

/**
 * API keys (issue 38): a company's owner creates keys for servers and tools (Zapier, Make, scripts)
 * to call the documented API with `Authorization: Bearer <key>`. A key acts for its company with the
 * access of a member who is on no restricted position's list, within its scopes; it never reaches an
 * owner route (billing, team, keys, webhooks, retention, audit log). The routes each scope opens are
 * named on the operations (`apiKeyScope`, lambdas/operations/), and listed in the OpenAPI document.
 */
export const API_KEY_SCOPES = ['read', 'candidates:invite', 'candidates:status', 'positions:manage'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope lets a key do, as Company settings → API and the OpenAPI document say it. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read positions and candidates',
  'candidates:invite': 'Invite candidates',
  'candidates:status': 'Change candidate status',
  'positions:manage': 'Manage positions',
};

/**
 * A key is `vik_<key id>_<secret>`: the fixed prefix lets secret scanners find a leaked one, the key
 * id (shown in the list as the key's prefix) finds its item, and only a hash of the whole key is stored.
 */
export const API_KEY_PREFIX = 'vik_';
export const API_KEY_ID_LENGTH = 12;
export const apiKeyPattern = /^vik_([A-Za-z0-9]{12})_([A-Za-z0-9]{32,64})$/;

/** The HTTP scheme of keys (OpenAPI `securitySchemes`). */
export const API_KEY_SECURITY_SCHEME = 'apiKey';

/** Requests a key may make: a token bucket of this size, refilled at this rate (429 with Retry-After past it). */
export const API_KEY_BURST = 60;
export const API_KEY_REFILL_PER_SECOND = 5;

/** Expiry choices offered in the UI; the API takes any future date up to the maximum. */
export const API_KEY_MAX_DAYS = 730;

/** The error codes a key's refusals carry. */
export const API_KEY_ERRORS = {
  /** 401: not a key of ours, revoked, or expired. */
  invalid: 'invalid_api_key',
  /** 403: the route needs a scope the key lacks (the detail names it). */
  scope: 'insufficient_scope',
  /** 403: a route that takes no key (owner administration, the session's own calls). */
  notAllowed: 'api_key_not_allowed',
  /** 429. */
  rateLimited: 'rate_limited',
} as const;

export const newApiKeySchema = z.object({
  name: singleLineText(z.trim(), z.minLength(1, 'Name the key.'), z.maxLength(80, 'Use at most 80 characters.')),
  scopes: z.array(z.enum(API_KEY_SCOPES)).check(z.minLength(1, 'Choose at least one scope.'), z.maxLength(API_KEY_SCOPES.length)),
  /** An ISO date-time in the future (at most API_KEY_MAX_DAYS away), or null: never expires. */
  expiresAt: z.nullable(z.iso.datetime({ offset: true, message: 'Give the expiry as a date and time.' })),
});

export const apiKeySchema = z.object({
  keyId: z.string(),
  name: z.string(),
  /** The start of the key (`vik_<key id>`), to recognise it by. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  /** The member who created it (their address; null once they left). */
  createdBy: z.nullable(z.object({ userId: z.string(), email: z.string() })),
  expiresAt: z.nullable(z.string()),
  lastUsedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
});

/** What creating a key answers: the key as listed, and its secret, this once. */
export const createdApiKeySchema = z.object({ ...apiKeySchema.shape, secret: z.string() });
