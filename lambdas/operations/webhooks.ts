import * as z from 'zod/mini';
import { companyIdParams } from '../contracts/account';
import {
  newWebhookEndpointSchema,
  queuedWebhookEventSchema,
  webhookDeliveriesQuery,
  webhookDeliveriesSchema,
  webhookDeliveryParams,
  webhookEndpointChangesSchema,
  webhookEndpointParams,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '../contracts/webhooks';
import { defineOperation } from './operation';

/**
 * Company settings → Webhooks (issue 38): the owner's endpoints, their signing secrets and delivery
 * logs. Owner routes, so no API key reaches them. Deliveries themselves run after the request, on the
 * deliveries queue (lambdas/queues.ts): resend and test events only put a message on it.
 */
export const listWebhookEndpoints = defineOperation({
  method: 'GET',
  path: '/companies/{companyId}/webhook-endpoints',
  auth: 'owner',
  grants: ['table:read'],
  summary:
    "The company's webhook endpoints, oldest first (owner only; one query): URL, events, enabled or disabled and why (by the owner, or after failing for 3 days). Secrets are never listed.",
  params: companyIdParams,
  response: z.object({ webhookEndpoints: z.array(webhookEndpointSchema) }),
});

export const createWebhookEndpoint = defineOperation({
  method: 'POST',
  idempotent: true,
  path: '/companies/{companyId}/webhook-endpoints',
  auth: 'owner',
  grants: ['table:write', 'webhooks:seal', 'webhooks:targets'],
  summary:
    'Adds a webhook endpoint (owner only): an https URL on a public address, the events to send and a description. The answer carries its signing secret (`whsec_…`) this once; it is kept sealed with KMS.',
  params: companyIdParams,
  body: newWebhookEndpointSchema,
  response: webhookEndpointWithSecretSchema,
  successStatus: 201,
});

export const updateWebhookEndpoint = defineOperation({
  method: 'PUT',
  path: '/companies/{companyId}/webhook-endpoints/{endpointId}',
  auth: 'owner',
  grants: ['table:write', 'webhooks:targets'],
  summary:
    'Changes an endpoint (owner only): its URL (checked as on creation), events, description, or enabled (re-enabling one disabled for failing starts its failure clock anew).',
  params: webhookEndpointParams,
  body: webhookEndpointChangesSchema,
  response: webhookEndpointSchema,
});

export const deleteWebhookEndpoint = defineOperation({
  method: 'DELETE',
  path: '/companies/{companyId}/webhook-endpoints/{endpointId}',
  auth: 'owner',
  grants: ['table:write'],
  summary: 'Removes an endpoint (owner only): nothing more is sent to it; deliveries already queued are dropped. Its log expires with its entries.',
  params: webhookEndpointParams,
  response: z.undefined(),
  successStatus: 204,
});

export const rotateWebhookSecret = defineOperation({
  method: 'POST',
  idempotent: true,
  path: '/companies/{companyId}/webhook-endpoints/{endpointId}/secret-rotations',
  auth: 'owner',
  grants: ['table:write', 'webhooks:seal'],
  summary:
    'Makes a new signing secret for the endpoint (owner only), answered this once. For 24 hours deliveries carry a signature by the previous secret too (a second `v1=`), so the receiver can switch over.',
  params: webhookEndpointParams,
  response: webhookEndpointWithSecretSchema,
  successStatus: 201,
});

export const listWebhookDeliveries = defineOperation({
  method: 'GET',
  path: '/companies/{companyId}/webhook-endpoints/{endpointId}/deliveries',
  auth: 'owner',
  grants: ['table:read'],
  summary:
    "A page of the endpoint's delivery log (25 a page), newest first (owner only; one query): each attempt's time, event, status code, latency, attempt number, the first bytes of the answer and its outcome. `cursor` continues after the page that returned it. Entries are kept 30 days.",
  params: webhookEndpointParams,
  query: webhookDeliveriesQuery,
  response: webhookDeliveriesSchema,
});

export const resendWebhookDelivery = defineOperation({
  method: 'POST',
  idempotent: true,
  path: '/companies/{companyId}/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/resends',
  auth: 'owner',
  grants: ['table:read', 'webhooks:enqueue'],
  summary:
    "Sends a logged delivery's event to the endpoint again (owner only): the same event id and body, newly signed, its attempts counted from 1, retried as any delivery. Sent even while the endpoint is disabled.",
  params: webhookDeliveryParams,
  response: queuedWebhookEventSchema,
  successStatus: 202,
});

export const sendWebhookTestEvent = defineOperation({
  method: 'POST',
  idempotent: true,
  path: '/companies/{companyId}/webhook-endpoints/{endpointId}/test-events',
  auth: 'owner',
  grants: ['table:read', 'webhooks:enqueue'],
  summary:
    'Sends a `webhook.test` event to the endpoint (owner only), whatever events it subscribed to and even while it is disabled: signed and retried as any delivery; it shows in the delivery log.',
  params: webhookEndpointParams,
  response: queuedWebhookEventSchema,
  successStatus: 202,
});
