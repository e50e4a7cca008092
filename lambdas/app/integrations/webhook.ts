import { atsAdapters, type WebhookDelivery } from '../../adapters/ats';
import { getIntegration } from '../../data/integrations/integration';
import { badRequest, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { openSecrets } from './credentials';
import { syncIntegration } from './sync';

/**
 * An ATS's webhook delivery for one integration: verified with the ATS's signature scheme and the
 * secret it signs with, then the integration's tags are synced at once. A replayed delivery syncs
 * again and invites nobody twice (the import items); anything unsigned changes nothing.
 */
export const receiveWebhook = async (integrationId: string, delivery: WebhookDelivery, log: Logger) => {
  const record = await getIntegration(integrationId);
  const webhooks = record ? atsAdapters[record.integrationType].webhooks : undefined;
  // The webhook ids are recorded once registration answers; an ATS's ping during registration comes first.
  if (!record || !webhooks) throw notFound('No webhook is registered for this integration.');
  const { webhookSecret } = await openSecrets(record);
  if (!webhookSecret || !webhooks.verify(delivery, webhookSecret)) {
    throw badRequest('The webhook signature does not match this request.', 'invalid_signature');
  }
  const outcome = await syncIntegration(record, log);
  log.info('ATS webhook', { integrationId, invited: outcome.invited });
  return { received: true as const };
};
