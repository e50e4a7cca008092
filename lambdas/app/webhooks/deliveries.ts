import type * as z from 'zod/mini';
import { toSnakeCase } from '../../contracts/wire-case';
import { WEBHOOK_API_VERSION, WEBHOOK_TEST_EVENT, type WebhookEvent } from '../../contracts/webhook-events';
import type { webhookDeliveriesSchema } from '../../contracts/webhooks';
import { queueDeliveries, type WebhookDeliveryMessage } from '../../adapters/webhook-queue';
import { getWebhookDelivery, listWebhookDeliveries, type StoredWebhookDelivery } from '../../data/webhooks';
import { newId } from '../../platform/crypto';
import { notFound } from '../../platform/errors';
import { endpointOf } from './endpoints';

/**
 * An endpoint's delivery log, and the owner's two ways to send to it (issue 38): Resend (a logged
 * event again) and Send test event. Both only queue a message (grant webhooks:enqueue): the delivery
 * function signs and sends it moments later, logs it, and retries it as any other.
 */

/** An event's id: `evt_` and 16 random bytes. */
export const newEventId = (): string => `evt_${newId()}${newId().slice(0, 6)}`;

/** The body a delivery POSTs: the envelope as JSON on the wire (snake_case), rendered once per event. */
export const renderEventBody = (event: WebhookEvent): string => JSON.stringify(toSnakeCase(event));

const toDelivery = (delivery: StoredWebhookDelivery): z.infer<typeof webhookDeliveriesSchema>['deliveries'][number] => ({
  deliveryId: delivery.deliveryId,
  at: delivery.at,
  eventId: delivery.eventId,
  eventType: delivery.eventType,
  attempt: delivery.attempt,
  statusCode: delivery.statusCode,
  latencyMs: delivery.latencyMs,
  responseExcerpt: delivery.responseExcerpt,
  outcome: delivery.outcome,
  error: delivery.error,
  nextAttemptAt: delivery.nextAttemptAt,
});

export const listDeliveries = async (companyId: string, endpointId: string, cursor: string | undefined): Promise<z.infer<typeof webhookDeliveriesSchema>> => {
  // The endpoint's check (it is the path's company's) and its log's page go out together.
  const [, page] = await Promise.all([endpointOf(companyId, endpointId), listWebhookDeliveries(endpointId, cursor)]);
  return { deliveries: page.deliveries.map(toDelivery), cursor: page.cursor };
};

export const resendDelivery = async (companyId: string, endpointId: string, deliveryId: string): Promise<{ eventId: string }> => {
  const [endpoint, delivery] = await Promise.all([endpointOf(companyId, endpointId), getWebhookDelivery(endpointId, deliveryId)]);
  if (!delivery) throw notFound('That delivery is not in the endpoint’s log (entries are kept 30 days).');
  const message: WebhookDeliveryMessage = {
    companyId,
    endpointId: endpoint.endpointId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    body: delivery.body,
    manual: true,
  };
  await queueDeliveries([message]);
  return { eventId: delivery.eventId };
};

export const sendTestEvent = async (companyId: string, endpointId: string): Promise<{ eventId: string }> => {
  const endpoint = await endpointOf(companyId, endpointId);
  const event: WebhookEvent<typeof WEBHOOK_TEST_EVENT> = {
    id: newEventId(),
    type: WEBHOOK_TEST_EVENT,
    apiVersion: WEBHOOK_API_VERSION,
    createdAt: new Date().toISOString(),
    companyId,
    data: { endpointId: endpoint.endpointId, message: 'This is a test event sent from Company settings → Webhooks.' },
  };
  await queueDeliveries([
    { companyId, endpointId: endpoint.endpointId, eventId: event.id, eventType: event.type, body: renderEventBody(event), manual: true },
  ]);
  return { eventId: event.id };
};
