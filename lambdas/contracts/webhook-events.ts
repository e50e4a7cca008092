/**
 * Outgoing webhooks (issue 38): the events a company's endpoints can subscribe to, the envelope every
 * delivery carries, and the signature scheme, defined once for the publishers (the use cases), the
 * fan-out and delivery functions, the OpenAPI document's `webhooks` section and the SPA.
 *
 * A delivery is `POST <endpoint url>` with the envelope as its JSON body and the headers below. The
 * signature is Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the
 * endpoint's signing secret>`, with one `v1=` per secret while a rotated secret overlaps its successor,
 * so a receiver checks the body was not altered and rejects a replay by the timestamp's age.
 */
export const WEBHOOK_EVENT_TYPES = [
  'candidate.invited',
  'candidate.started',
  'candidate.completed',
  'candidate.status_changed',
  'candidate.deleted',
  'position.created',
  'position.closed',
  'answer.processed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What "Send test event" sends: to one endpoint, whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test' as const;
export type DeliveredEventType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/** The payloads' version, in every envelope (`api_version`): a receiver can tell a later shape apart. */
export const WEBHOOK_API_VERSION = '2026-12-01';

/** The headers of a delivery. */
export const WEBHOOK_HEADERS = {
  signature: 'Webhook-Signature',
  /** The event's id (the same on every attempt and on a resend: receivers de-duplicate by it). */
  eventId: 'Webhook-Id',
  /** 1 on the first attempt. */
  attempt: 'Webhook-Attempt',
} as const;

/** How old a signature's timestamp a receiver should accept (the local receiver and the docs use it). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The envelope (camelCase here, snake_case on the wire as everywhere): `id` is unique per event,
 * `data` the event's payload (its shape per type in webhook-payloads, documented in the OpenAPI
 * document's `webhooks`).
 */
export interface WebhookEvent<T extends DeliveredEventType = DeliveredEventType> {
  id: string;
  type: T;
  apiVersion: typeof WEBHOOK_API_VERSION;
  createdAt: string;
  companyId: string;
  data: Record<string, unknown>;
}
