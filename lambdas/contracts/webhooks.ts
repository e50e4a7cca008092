import * as z from 'zod/mini';
import { idSchema, singleLineText } from './common';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from './webhook-events';

/**
 * Company settings → Webhooks (issue 38): a company's owner adds endpoints that receive the
 * product's events (lambdas/contracts/webhook-events.ts: envelope, types, signature), each signed
 * with a secret of its own, shown once and rotatable; each endpoint keeps a log of its delivery
 * attempts. The machinery (EventBridge → fan-out → SQS → delivery) is described in the README.
 */

/** A signing secret is `whsec_<48 base64url characters>` (the prefix is Stripe's, recognisable to secret scanners). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const webhookSecretPattern = /^whsec_[A-Za-z0-9_-]{32,}$/;

/**
 * The encryption context's `purpose` a signing secret is sealed under (with its company and endpoint):
 * the grants allow the webhook functions the integrations key only under it, so they open no ATS credential.
 */
export const WEBHOOK_SECRET_SEAL_PURPOSE = 'webhook-signing-secret';

/** After a rotation the previous secret still signs (a second `v1=`) this long, so receivers can switch over. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

/** An endpoint whose every attempt failed since its first failure this long ago is disabled and the owner e-mailed. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3;

/** A company's endpoints at most (each event is one SQS message per endpoint: SendMessageBatch takes 10 a call). */
export const WEBHOOK_MAX_ENDPOINTS = 10;

/** A delivery's POST is given up after this long (no answer: the attempt failed, status code null). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** How much of a receiver's answer the log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 512;

export const WEBHOOK_DELIVERY_PAGE_SIZE = 25;

/** Why an endpoint is disabled: by its owner, or by the product after WEBHOOK_DISABLE_AFTER_DAYS of failures. */
export const WEBHOOK_DISABLED_REASONS = ['owner', 'failing'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

/**
 * What an attempt came to: `delivered` (a 2xx), `failed` (any other answer, a redirect, no answer in
 * time, a connection error: retried), `refused` (the target is not allowed: a private address, not
 * https; not sent, retried in case its DNS changes back), `skipped` (the endpoint was disabled or deleted
 * meanwhile: not sent, not retried).
 */
export const WEBHOOK_DELIVERY_OUTCOMES = ['delivered', 'failed', 'refused', 'skipped'] as const;
export type WebhookDeliveryOutcome = (typeof WEBHOOK_DELIVERY_OUTCOMES)[number];

export const subscribableEventSchema = z.enum(WEBHOOK_EVENT_TYPES, 'Choose events from the list.');

/** An absolute http(s) URL with a host and no user name or password in it. */
const isWebUrl = (text: string): boolean => {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.username && !url.password;
};

/**
 * A receiver's URL: http or https here; the server refuses what its target rules do not allow
 * (lambdas/domain/webhook-targets.ts: not https, a private address) with a 400 naming why.
 */
export const webhookUrlSchema = singleLineText(
  z.trim(),
  z.minLength(1, 'Enter the endpoint’s URL.'),
  z.maxLength(2000, 'Use at most 2000 characters.'),
  z.refine(isWebUrl, 'Enter a URL starting with https://, without a user name or password.'),
);

const eventsSchema = z
  .array(subscribableEventSchema)
  .check(z.minLength(1, 'Choose at least one event.'), z.maxLength(WEBHOOK_EVENT_TYPES.length))
  .check(z.refine((events) => new Set(events).size === events.length, 'Name each event once.'));

const descriptionSchema = singleLineText(z.trim(), z.maxLength(200, 'Use at most 200 characters.'));

export const newWebhookEndpointSchema = z.object({
  url: webhookUrlSchema,
  events: eventsSchema,
  description: z._default(descriptionSchema, ''),
});

export const webhookEndpointChangesSchema = z.object({
  url: z.optional(webhookUrlSchema),
  events: z.optional(eventsSchema),
  description: z.optional(descriptionSchema),
  /** true re-enables an endpoint (a disabled-for-failing one included: its failure clock starts anew). */
  enabled: z.optional(z.boolean()),
});

export const webhookEndpointSchema = z.object({
  endpointId: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(subscribableEventSchema),
  enabled: z.boolean(),
  /** Why it is disabled (null while enabled), and since when. */
  disabledReason: z.nullable(z.enum(WEBHOOK_DISABLED_REASONS)),
  disabledAt: z.nullable(z.string()),
  /** The first failed attempt since its last success (null while it delivers). */
  failingSince: z.nullable(z.string()),
  createdAt: z.string(),
  /** When the current secret was made, and until when the previous one still signs (null: no overlap). */
  secretCreatedAt: z.string(),
  previousSecretExpiresAt: z.nullable(z.string()),
});

/** What creating an endpoint or rotating its secret answers: the endpoint, and its (new) secret this once. */
export const webhookEndpointWithSecretSchema = z.object({ ...webhookEndpointSchema.shape, secret: z.string() });

export const webhookEndpointParams = z.object({ companyId: idSchema, endpointId: idSchema });
export const webhookDeliveryParams = z.object({ companyId: idSchema, endpointId: idSchema, deliveryId: idSchema });

export const webhookDeliverySchema = z.object({
  deliveryId: z.string(),
  at: z.string(),
  eventId: z.string(),
  eventType: z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]),
  /** 1 on the first attempt of the event at this endpoint (a resend counts anew). */
  attempt: z.number(),
  /** The receiver's status code; null when it did not answer (timeout, connection refused, target refused). */
  statusCode: z.nullable(z.number()),
  latencyMs: z.nullable(z.number()),
  /** The first bytes of the answer's body (at most WEBHOOK_RESPONSE_EXCERPT_BYTES, as UTF-8 text). */
  responseExcerpt: z.string(),
  outcome: z.enum(WEBHOOK_DELIVERY_OUTCOMES),
  /** What went wrong, in words (null when delivered). */
  error: z.nullable(z.string()),
  /** When the next attempt is due (null: none, delivered or given up). */
  nextAttemptAt: z.nullable(z.string()),
});

export const webhookDeliveriesQuery = z.object({ cursor: z.optional(z.string().check(z.maxLength(1024))) });

export const webhookDeliveriesSchema = z.object({ deliveries: z.array(webhookDeliverySchema), cursor: z.nullable(z.string()) });

/** What resending or sending a test event answers: the event put on the endpoint's queue (delivered shortly after). */
export const queuedWebhookEventSchema = z.object({ eventId: z.string() });
