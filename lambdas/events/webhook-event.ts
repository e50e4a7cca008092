import * as z from 'zod/mini';
import '../contracts/zod-locale';
import { PRODUCT_EVENTS } from '../contracts/product-events';
import { WEBHOOK_API_VERSION, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, type WebhookEvent } from '../contracts/webhook-events';
import { fanOut } from '../app/webhooks/fan-out';
import { logger, withLogContext } from '../platform/logger';

const eventSchema = z.object({
  source: z.literal(PRODUCT_EVENTS.source),
  'detail-type': z.literal(PRODUCT_EVENTS.webhookEvent),
  detail: z.object({
    id: z.string().check(z.minLength(1), z.maxLength(100)),
    type: z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]),
    apiVersion: z.literal(WEBHOOK_API_VERSION),
    createdAt: z.string(),
    companyId: z.string().check(z.minLength(1)),
    data: z.record(z.string(), z.unknown()),
  }),
});

/**
 * EventBridge: something a company's webhooks can subscribe to happened (a use case published the
 * envelope, lambdas/adapters/events.ts): it fans out to the deliveries queue, one message per
 * subscribed endpoint (lambdas/app/webhooks/fan-out.ts). EventBridge API destinations are not used:
 * they cannot sign a body with a secret of each endpoint's own, nor check where a URL resolves to.
 * A failure throws, so EventBridge retries the event (then its rule's dead-letter queue keeps it).
 * Anything not an envelope is logged and dropped.
 */
export const handler = withLogContext('webhook-event', async (event: unknown) => {
  const parsed = eventSchema.safeParse(event);
  if (!parsed.success) {
    logger.warn('not a Webhook event', { issues: parsed.error.issues.length });
    return { queued: 0 };
  }
  const envelope = parsed.data.detail as WebhookEvent;
  return fanOut(envelope, logger.child({ eventId: envelope.id, companyId: envelope.companyId }));
});
