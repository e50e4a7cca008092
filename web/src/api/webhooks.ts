import type * as z from 'zod/mini';
import type {
  webhookDeliveriesSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '../../../lambdas/contracts/webhooks';
import { POLL_INTERVAL_MS } from '../config/constants';
import { apiPath, callApi, type ApiBody } from './client';
import { useApi, usePagedApi } from './use-api';

/*
 * Types only from the contract here (no zod in the bundle for a call): the screens that show the
 * events' descriptions import them from lambdas/contracts/webhook-events themselves.
 */
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
type DeliveriesPage = z.infer<typeof webhookDeliveriesSchema>;
export type NewWebhookEndpoint = ApiBody<'createWebhookEndpoint'>;
export type WebhookEndpointChanges = ApiBody<'updateWebhookEndpoint'>;

/** The company's webhook endpoints (owner only, issue 38), oldest first. */
export const useWebhookEndpoints = (companyId: string) => useApi(apiPath('listWebhookEndpoints', { companyId }));

/**
 * One endpoint's delivery log, newest first, page by page ("Load more"). While it is shown it is read
 * again every few seconds: deliveries happen after the request that caused them (a test event, a
 * resend, a retry's next attempt), so the log fills in by itself.
 */
export const useWebhookDeliveries = (companyId: string, endpointId: string) =>
  usePagedApi(
    (previous: DeliveriesPage | null) =>
      previous && !previous.cursor
        ? null
        : apiPath('listWebhookDeliveries', { companyId, endpointId }, previous?.cursor ? { cursor: previous.cursor } : undefined),
    { refreshInterval: POLL_INTERVAL_MS },
  );

export const createWebhookEndpointCall = (companyId: string, body: NewWebhookEndpoint) =>
  callApi('createWebhookEndpoint', { params: { companyId }, body });
export const updateWebhookEndpointCall = (companyId: string, endpointId: string, body: WebhookEndpointChanges) =>
  callApi('updateWebhookEndpoint', { params: { companyId, endpointId }, body });
export const deleteWebhookEndpointCall = (companyId: string, endpointId: string) =>
  callApi('deleteWebhookEndpoint', { params: { companyId, endpointId } });
export const rotateWebhookSecretCall = (companyId: string, endpointId: string) =>
  callApi('rotateWebhookSecret', { params: { companyId, endpointId } });
export const resendWebhookDeliveryCall = (companyId: string, endpointId: string, deliveryId: string) =>
  callApi('resendWebhookDelivery', { params: { companyId, endpointId, deliveryId } });
export const sendWebhookTestEventCall = (companyId: string, endpointId: string) =>
  callApi('sendWebhookTestEvent', { params: { companyId, endpointId } });
