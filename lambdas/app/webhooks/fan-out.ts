import type { WebhookEvent } from '../../contracts/webhook-events';
import { queueDeliveries } from '../../adapters/webhook-queue';
import { listWebhookEndpoints } from '../../data/webhooks';
import type { Logger } from '../../platform/logger';
import { renderEventBody } from './deliveries';

/**
 * A product event for webhooks (a `Webhook event` on EventBridge, issue 38) becomes one deliveries
 * message per endpoint of its company that is enabled and subscribed to its type: one Query of the
 * company's endpoints, one SendMessageBatch (a company has at most 10 endpoints). The body is
 * rendered here once, so every endpoint and every attempt gets the same bytes.
 */
export const fanOut = async (event: WebhookEvent, log: Logger): Promise<{ queued: number }> => {
  const endpoints = await listWebhookEndpoints(event.companyId);
  const subscribed = endpoints.filter((endpoint) => endpoint.enabled && (endpoint.events as string[]).includes(event.type));
  if (subscribed.length === 0) return { queued: 0 };
  const body = renderEventBody(event);
  await queueDeliveries(
    subscribed.map((endpoint) => ({
      companyId: event.companyId,
      endpointId: endpoint.endpointId,
      eventId: event.id,
      eventType: event.type,
      body,
      manual: false,
    })),
  );
  log.info('webhook event queued', { eventId: event.id, type: event.type, endpoints: subscribed.length });
  return { queued: subscribed.length };
};
