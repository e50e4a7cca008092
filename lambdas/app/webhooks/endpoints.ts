import type * as z from 'zod/mini';
import {
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOK_SECRET_SEAL_PURPOSE,
  type newWebhookEndpointSchema,
  type webhookEndpointChangesSchema,
  type webhookEndpointSchema,
} from '../../contracts/webhooks';
import { seal, unseal } from '../../adapters/kms';
import { targetRefusal } from '../../adapters/webhook-http';
import {
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  putWebhookEndpoint,
  updateWebhookEndpoint,
  type StoredWebhookEndpoint,
  type StoredWebhookSecret,
} from '../../data/webhooks';
import { parseAllowedOrigins } from '../../domain/webhook-targets';
import { newSigningSecret } from '../../domain/webhook-signing';
import { newId } from '../../platform/crypto';
import { readEnv } from '../../platform/env';
import { badRequest, conflict, notFound } from '../../platform/errors';

/**
 * Company settings → Webhooks (issue 38): the owner's endpoints. The routes are owner routes (the
 * handler chain checked the caller owns the path's company), and an endpoint is read by the path's
 * company and its id together, so another company's endpoint is simply not found (404).
 */
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

const HOUR_MS = 60 * 60 * 1000;

/** The encryption context a secret is sealed under: the grants allow the key only under its purpose. */
const sealContext = (endpoint: Pick<StoredWebhookEndpoint, 'companyId' | 'endpointId'>) => ({
  purpose: WEBHOOK_SECRET_SEAL_PURPOSE,
  companyId: endpoint.companyId,
  endpointId: endpoint.endpointId,
});

/** The secrets that sign now: the current one, and the previous one until its overlap ends. */
export const liveSecrets = (endpoint: StoredWebhookEndpoint, now = new Date()): StoredWebhookSecret[] =>
  endpoint.secrets.filter((secret) => secret.expiresAt === null || Date.parse(secret.expiresAt) > now.getTime());

/** The live secrets in the clear, to sign with (grant webhooks:deliver). */
export const openSecrets = (endpoint: StoredWebhookEndpoint, now = new Date()): Promise<string[]> =>
  Promise.all(liveSecrets(endpoint, now).map((secret) => unseal(secret.sealed, sealContext(endpoint))));

export const toWebhookEndpoint = (endpoint: StoredWebhookEndpoint, now = new Date()): WebhookEndpoint => {
  const [current, previous] = liveSecrets(endpoint, now);
  return {
    endpointId: endpoint.endpointId,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    enabled: endpoint.enabled,
    disabledReason: endpoint.enabled ? null : endpoint.disabledReason,
    disabledAt: endpoint.enabled ? null : endpoint.disabledAt,
    failingSince: endpoint.failingSince,
    createdAt: endpoint.createdAt,
    secretCreatedAt: current?.createdAt ?? endpoint.createdAt,
    previousSecretExpiresAt: previous?.expiresAt ?? null,
  };
};

/** A URL the target rules refuse is a 400 that says why (lambdas/domain/webhook-targets.ts). */
const checkUrl = async (url: string): Promise<void> => {
  const refusal = await targetRefusal(url, parseAllowedOrigins(readEnv('WEBHOOK_ALLOWED_ORIGINS').WEBHOOK_ALLOWED_ORIGINS));
  if (refusal) throw badRequest([{ loc: ['body', 'url'], msg: refusal, type: 'webhook_target_refused' }]);
};

/** The endpoint the path names, in the path's company; 404 otherwise. */
export const endpointOf = async (companyId: string, endpointId: string): Promise<StoredWebhookEndpoint> => {
  const endpoint = await getWebhookEndpoint(companyId, endpointId);
  if (!endpoint) throw notFound('That webhook endpoint does not exist.');
  return endpoint;
};

export const listEndpoints = async (companyId: string): Promise<{ webhookEndpoints: WebhookEndpoint[] }> => {
  const now = new Date();
  return { webhookEndpoints: (await listWebhookEndpoints(companyId)).map((endpoint) => toWebhookEndpoint(endpoint, now)) };
};

export const createEndpoint = async (
  companyId: string,
  input: z.infer<typeof newWebhookEndpointSchema>,
): Promise<WebhookEndpoint & { secret: string }> => {
  const [existing] = await Promise.all([listWebhookEndpoints(companyId), checkUrl(input.url)]);
  if (existing.length >= WEBHOOK_MAX_ENDPOINTS) {
    throw conflict(`A company can have at most ${WEBHOOK_MAX_ENDPOINTS} webhook endpoints: remove one first.`, 'too_many_webhook_endpoints');
  }
  const now = new Date().toISOString();
  const endpointId = newId();
  const secret = newSigningSecret();
  const endpoint: StoredWebhookEndpoint = {
    endpointId,
    companyId,
    url: input.url,
    description: input.description,
    events: input.events,
    enabled: true,
    disabledReason: null,
    disabledAt: null,
    failingSince: null,
    createdAt: now,
    secrets: [{ sealed: await seal(secret, sealContext({ companyId, endpointId })), createdAt: now, expiresAt: null }],
  };
  await putWebhookEndpoint(endpoint);
  return { ...toWebhookEndpoint(endpoint), secret };
};

export const updateEndpoint = async (
  companyId: string,
  endpointId: string,
  changes: z.infer<typeof webhookEndpointChangesSchema>,
): Promise<WebhookEndpoint> => {
  const [endpoint] = await Promise.all([endpointOf(companyId, endpointId), changes.url === undefined ? undefined : checkUrl(changes.url)]);
  const enabling = changes.enabled === true && !endpoint.enabled;
  const disabling = changes.enabled === false && endpoint.enabled;
  const now = new Date().toISOString();
  const updated = await updateWebhookEndpoint(companyId, endpointId, {
    url: changes.url,
    description: changes.description,
    events: changes.events,
    enabled: changes.enabled,
    // Re-enabled: its failure clock starts anew. Disabled by the owner: so it says.
    ...(enabling ? { disabledReason: null, disabledAt: null, failingSince: null } : {}),
    ...(disabling ? { disabledReason: 'owner' as const, disabledAt: now } : {}),
  });
  if (!updated) throw notFound('That webhook endpoint does not exist.');
  return toWebhookEndpoint(updated);
};

export const removeEndpoint = async (companyId: string, endpointId: string): Promise<void> => {
  if (!(await deleteWebhookEndpoint(companyId, endpointId))) throw notFound('That webhook endpoint does not exist.');
};

/**
 * A new signing secret, answered once; the current one becomes the previous and keeps signing for
 * WEBHOOK_SECRET_OVERLAP_HOURS (a second `v1=`). A previous one still overlapping is dropped: two live at most.
 */
export const rotateSecret = async (companyId: string, endpointId: string): Promise<WebhookEndpoint & { secret: string }> => {
  const endpoint = await endpointOf(companyId, endpointId);
  const now = new Date();
  const secret = newSigningSecret();
  const [current] = liveSecrets(endpoint, now);
  const secrets: StoredWebhookSecret[] = [
    { sealed: await seal(secret, sealContext(endpoint)), createdAt: now.toISOString(), expiresAt: null },
    ...(current ? [{ ...current, expiresAt: new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * HOUR_MS).toISOString() }] : []),
  ];
  const updated = await updateWebhookEndpoint(companyId, endpointId, { secrets });
  if (!updated) throw notFound('That webhook endpoint does not exist.');
  return { ...toWebhookEndpoint(updated, now), secret };
};
