import * as z from 'zod/mini';
import { CANDIDATE_STATUSES } from './candidate-status';
import { POSITION_STATUSES, CANDIDATE_DELETION_REASONS } from './vocabulary';

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

/** Text with zod's `describe`, so the OpenAPI document's `webhooks` section documents each field. */
const described = <T extends z.ZodMiniType>(schema: T, description: string): T => schema.check(z.describe(description));

const id = (what: string) => described(z.string(), what);

/**
 * A candidate as the API's candidate read shows them (GET /candidates/{candidateId}), no more: a
 * receiver keeps its copy with these and reads the rest through the API.
 */
const candidateFields = {
  candidateId: id('The candidate’s id (GET /api/v1/candidates/{candidateId}).'),
  candidateName: described(z.string(), 'The candidate’s full name.'),
  email: described(z.nullable(z.string()), 'The candidate’s e-mail address; null for a candidate invited by link alone.'),
  positionId: id('The position the candidate was invited to.'),
  jobTitle: described(z.string(), 'The position’s title, as it was when the candidate was invited.'),
  currentStatus: described(z.enum(CANDIDATE_STATUSES), 'The candidate’s status once this event happened.'),
  interviewHref: described(z.string(), 'The candidate’s own interview link, as the API gives it (`interview_href`).'),
};

export const webhookCandidateSchema = z.object(candidateFields).check(z.describe('A candidate, as GET /api/v1/candidates/{candidateId} shows them.'));

/** An interview question as it was asked (the position's, as it was when the candidate was invited). */
const questionSchema = z
  .object({
    index: described(z.int(), 'The question’s place in the interview, from 0.'),
    title: described(z.string(), 'The question.'),
    content: described(z.string(), 'The question’s further text (empty when it has none).'),
  })
  .check(z.describe('The question the answer answers, as the candidate was asked it.'));

export const webhookCompletedAnswerSchema = z.object({
  answerId: id('The answer’s id.'),
  question: questionSchema,
  answerHref: described(z.string(), 'The team’s candidate page opened at this answer (sign-in required).'),
});

const candidateHref = described(z.string(), 'The team’s page of the candidate (sign-in required).');

const positionFields = {
  positionId: id('The position’s id (GET /api/v1/positions/{positionId}).'),
  jobTitle: described(z.string(), 'The position’s title.'),
  currentStatus: described(z.enum(POSITION_STATUSES), 'The position’s status once this event happened.'),
  positionHref: described(z.string(), 'The team’s page of the position (sign-in required).'),
};

/** Why a candidate was deleted. */
export { CANDIDATE_DELETION_REASONS };
export type CandidateDeletionReason = (typeof CANDIDATE_DELETION_REASONS)[number];

/** The two ends of media processing an answer's event reports. */
export const PROCESSED_ANSWER_STATUSES = ['ready', 'failed'] as const;

/**
 * Each event's `data` (camelCase here, snake_case on the wire), versioned by WEBHOOK_API_VERSION:
 * one definition for the publishers (lambdas/domain/webhook-payloads.ts builds them), the delivery
 * and the OpenAPI document's `webhooks` section. A candidate's payload carries what the API's
 * candidate read shows; `candidate.deleted` carries ids only, so a receiver can erase its copy
 * without the product sending personal data of someone deleted.
 */
export const webhookEventDataSchemas = {
  'candidate.invited': webhookCandidateSchema,
  'candidate.started': z.object({
    ...candidateFields,
    startedAt: described(z.string(), 'When the candidate started recording their first answer (ISO 8601).'),
  }),
  'candidate.completed': z.object({
    ...candidateFields,
    completedAt: described(z.string(), 'When the candidate submitted their last answer (ISO 8601).'),
    candidateHref,
    answers: described(
      z.array(webhookCompletedAnswerSchema),
      'The candidate’s answers in question order (their videos are still being processed: `answer.processed` follows for each).',
    ),
  }),
  'candidate.status_changed': z.object({
    ...candidateFields,
    candidateHref,
    from: described(z.enum(CANDIDATE_STATUSES), 'The status before the change.'),
    to: described(z.enum(CANDIDATE_STATUSES), 'The status after the change (the same as `current_status`).'),
  }),
  'candidate.deleted': z.object({
    candidateId: id('The deleted candidate’s id: erase your copy of them.'),
    positionId: id('The position they were a candidate of.'),
    reason: described(
      z.enum(CANDIDATE_DELETION_REASONS),
      '`team`: a member deleted them (or their position); `candidate_request`: they asked for their data to be deleted; `retention`: the company’s retention policy deleted them; `invite_expired`: they did not respond by their deadline.',
    ),
  }),
  'position.created': z.object(positionFields),
  'position.closed': z.object(positionFields),
  'answer.processed': z.object({
    answerId: id('The answer’s id.'),
    candidateId: id('The candidate who gave it.'),
    positionId: id('Their position.'),
    question: questionSchema,
    status: described(
      z.enum(PROCESSED_ANSWER_STATUSES),
      '`ready`: the video plays (captions and transcript follow their own statuses); `failed`: it could not be processed.',
    ),
    answerHref: described(z.string(), 'The team’s candidate page opened at this answer (sign-in required).'),
  }),
  [WEBHOOK_TEST_EVENT]: z.object({
    endpointId: id('The endpoint the test was sent to.'),
    message: described(z.string(), 'A sentence saying this is a test.'),
  }),
} as const satisfies Record<DeliveredEventType, z.ZodMiniType>;

export type WebhookEventData<T extends DeliveredEventType> = z.infer<(typeof webhookEventDataSchemas)[T]>;

/** What each event means, for the OpenAPI document and the endpoint's event picker. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<DeliveredEventType, string> = {
  'candidate.invited':
    'A candidate was invited: by a member (one or in bulk), through the position’s public apply link, or from an ATS. A member’s preview of the interview is no candidate and sends none.',
  'candidate.started': 'A candidate started recording their first answer (sent once per candidate).',
  'candidate.completed': 'A candidate submitted their last answer; `data.answers` links each answer on the team’s page.',
  'candidate.status_changed': 'A member moved a candidate (shortlist, reject, undo).',
  'candidate.deleted': 'A candidate was deleted with everything of theirs: erase your copy. Carries ids only.',
  'position.created': 'A position was created.',
  'position.closed': 'A position was closed (it takes no new candidates).',
  'answer.processed': 'An answer’s video finished processing: ready to play, or failed.',
  [WEBHOOK_TEST_EVENT]: 'Sent by “Send test event” to one endpoint, whatever it subscribed to.',
};

/**
 * The envelope (camelCase here, snake_case on the wire as everywhere): `id` is unique per event
 * (a receiver de-duplicates by it: a retried delivery carries the same), `data` the event's payload
 * (webhookEventDataSchemas, documented in the OpenAPI document's `webhooks`). On EventBridge it is
 * the `detail` of a `Webhook event` (lambdas/contracts/product-events.ts).
 */
export interface WebhookEvent<T extends DeliveredEventType = DeliveredEventType> {
  id: string;
  type: T;
  apiVersion: typeof WEBHOOK_API_VERSION;
  createdAt: string;
  companyId: string;
  data: WebhookEventData<T>;
}

/** The envelope of one event type as a zod schema (the OpenAPI document's, and a check of what is published). */
export const webhookEnvelopeSchema = <T extends DeliveredEventType>(type: T) =>
  z.object({
    id: id('The event’s id: the same on every attempt and on a resend (also in the `Webhook-Id` header); de-duplicate by it.'),
    type: described(z.literal(type), 'The event’s type.'),
    apiVersion: described(z.literal(WEBHOOK_API_VERSION), 'The version of the payload’s shape.'),
    createdAt: described(
      z.string(),
      'When the event happened (ISO 8601). Events may arrive out of order (deliveries run side by side, and a failed one is retried later): order by this.',
    ),
    companyId: id('The company the event belongs to.'),
    data: webhookEventDataSchemas[type] as (typeof webhookEventDataSchemas)[T],
  });
