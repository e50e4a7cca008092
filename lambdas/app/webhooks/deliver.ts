import { WEBHOOK_HEADERS } from '../../contracts/webhook-events';
import { WEBHOOK_RESPONSE_EXCERPT_BYTES, WEBHOOK_TIMEOUT_MS, type WebhookDeliveryOutcome } from '../../contracts/webhooks';
import { paths } from '../../contracts/app-paths';
import { sendMail } from '../../adapters/mail';
import { postWebhook, type WebhookPostResult } from '../../adapters/webhook-http';
import { delayNextAttempt, type WebhookDeliveryMessage } from '../../adapters/webhook-queue';
import { getCompany } from '../../data/companies';
import { listMembers } from '../../data/members';
import {
  clearEndpointFailure,
  disableFailingEndpoint,
  getWebhookEndpoint,
  putWebhookDelivery,
  recordEndpointFailure,
  type StoredWebhookDelivery,
  type StoredWebhookEndpoint,
} from '../../data/webhooks';
import { webhookDisabledEmail } from '../../domain/emails/webhook-disabled';
import { failingTooLong, parseRetryScale, retryDelaySeconds } from '../../domain/webhook-retries';
import { signatureHeader } from '../../domain/webhook-signing';
import { parseAllowedOrigins } from '../../domain/webhook-targets';
import { WEBHOOK_DISABLE_AFTER_DAYS } from '../../contracts/webhooks';
import { epochSeconds } from '../../data/keys';
import { appLink } from '../../platform/app-origin';
import { newId } from '../../platform/crypto';
import { readEnv } from '../../platform/env';
import type { Logger } from '../../platform/logger';
import { openSecrets } from './endpoints';

/**
 * One attempt of one event at one endpoint (issue 38), run by the deliveries queue's consumer: load
 * the endpoint (gone: dropped; disabled: skipped, unless the owner sent it), sign with its live
 * secrets, POST to a checked address (lambdas/adapters/webhook-http.ts), log the attempt, and on
 * failure schedule the next one (SQS: the message's visibility becomes the backoff's delay; its receive
 * count is the attempt number) and run the endpoint's failure clock, which disables it after
 * WEBHOOK_DISABLE_AFTER_DAYS of nothing but failures and e-mails the owner. At least once: a message
 * is deleted only once delivered, skipped or past its schedule (then the redrive keeps it in the DLQ).
 */
export interface DeliveryAttempt {
  message: WebhookDeliveryMessage;
  attempt: number;
  receiptHandle: string;
}

/** `retry`: the message stays on the queue (reported failed) for its next attempt, or for the DLQ after the last. */
export type AttemptResult = 'done' | 'retry';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A delivery id sorts by time (base-36 milliseconds, then randomness): the log's page is newest first by key. */
const deliveryIdAt = (at: Date): string =>
  `${at.getTime().toString(36).padStart(9, '0')}${newId()}`;

const outcomeOf = (result: WebhookPostResult): { outcome: WebhookDeliveryOutcome; error: string | null } => {
  if (result.kind === 'refused') return { outcome: 'refused', error: result.reason };
  if (result.kind === 'failed') return { outcome: 'failed', error: result.reason };
  if (result.statusCode >= 200 && result.statusCode < 300) return { outcome: 'delivered', error: null };
  if (result.statusCode >= 300 && result.statusCode < 400) {
    return { outcome: 'failed', error: `A redirect (${result.statusCode}${result.location ? ` to ${result.location}` : ''}) is not followed: give the endpoint’s final URL.` };
  }
  return { outcome: 'failed', error: `The receiver answered ${result.statusCode}.` };
};

const mailOwners = async (endpoint: StoredWebhookEndpoint, lastError: string, log: Logger): Promise<void> => {
  const [company, { members }] = await Promise.all([getCompany(endpoint.companyId), listMembers(endpoint.companyId)]);
  const settingsHref = await appLink(paths.company.to(endpoint.companyId));
  const owners = members.filter((member) => member.userRole === 'owner');
  await Promise.all(
    owners.map((owner) =>
      sendMail(
        webhookDisabledEmail({
          to: owner.email,
          companyName: company?.companyName ?? 'your company',
          url: endpoint.url,
          failingSince: endpoint.failingSince ?? new Date().toISOString(),
          lastError,
          settingsHref,
        }),
      ).catch((error: unknown) => log.error('webhook disabled mail not sent', { endpointId: endpoint.endpointId, error: String(error) })),
    ),
  );
};

export const deliverAttempt = async ({ message, attempt, receiptHandle }: DeliveryAttempt, log: Logger): Promise<AttemptResult> => {
  const endpoint = await getWebhookEndpoint(message.companyId, message.endpointId);
  if (!endpoint) {
    log.info('webhook endpoint gone: delivery dropped', { endpointId: message.endpointId, eventId: message.eventId });
    return 'done';
  }
  const now = new Date();
  const base: Omit<StoredWebhookDelivery, 'statusCode' | 'latencyMs' | 'responseExcerpt' | 'outcome' | 'error' | 'nextAttemptAt'> = {
    deliveryId: deliveryIdAt(now),
    endpointId: endpoint.endpointId,
    at: now.toISOString(),
    eventId: message.eventId,
    eventType: message.eventType,
    attempt,
    body: message.body,
  };
  if (!endpoint.enabled && !message.manual) {
    await putWebhookDelivery({
      ...base,
      statusCode: null,
      latencyMs: null,
      responseExcerpt: '',
      outcome: 'skipped',
      error: endpoint.disabledReason === 'failing' ? `The endpoint was disabled after failing for ${WEBHOOK_DISABLE_AFTER_DAYS} days.` : 'The endpoint is disabled.',
      nextAttemptAt: null,
    });
    return 'done';
  }

  const { WEBHOOK_ALLOWED_ORIGINS, WEBHOOK_RETRY_SCALE } = readEnv('WEBHOOK_ALLOWED_ORIGINS', 'WEBHOOK_RETRY_SCALE');
  const secrets = await openSecrets(endpoint, now);
  const timestamp = epochSeconds(now);
  const result = await postWebhook({
    url: endpoint.url,
    body: message.body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'VideoInterviews-Webhooks/1.0',
      [WEBHOOK_HEADERS.signature.toLowerCase()]: signatureHeader(timestamp, message.body, secrets),
      [WEBHOOK_HEADERS.eventId.toLowerCase()]: message.eventId,
      [WEBHOOK_HEADERS.attempt.toLowerCase()]: String(attempt),
    },
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    excerptBytes: WEBHOOK_RESPONSE_EXCERPT_BYTES,
    allowedOrigins: parseAllowedOrigins(WEBHOOK_ALLOWED_ORIGINS),
  });
  const { outcome, error } = outcomeOf(result);
  const answered = result.kind === 'answered' ? result : null;
  const delay = outcome === 'delivered' ? null : retryDelaySeconds(attempt, parseRetryScale(WEBHOOK_RETRY_SCALE));
  await putWebhookDelivery({
    ...base,
    statusCode: answered?.statusCode ?? null,
    latencyMs: result.kind === 'refused' ? null : result.latencyMs,
    responseExcerpt: answered?.excerpt ?? '',
    outcome,
    error,
    nextAttemptAt: delay === null ? null : new Date(now.getTime() + delay * 1000).toISOString(),
  });
  log.info('webhook attempt', { endpointId: endpoint.endpointId, eventId: message.eventId, attempt, outcome, statusCode: answered?.statusCode ?? null });

  if (outcome === 'delivered') {
    if (endpoint.failingSince) await clearEndpointFailure(endpoint.companyId, endpoint.endpointId);
    return 'done';
  }
  const failing = await recordEndpointFailure(endpoint.companyId, endpoint.endpointId, now.toISOString());
  if (failing?.enabled && failingTooLong(failing.failingSince, now)) {
    const cutoff = new Date(now.getTime() - WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS).toISOString();
    if (await disableFailingEndpoint(endpoint.companyId, endpoint.endpointId, cutoff, now.toISOString())) {
      log.warn('webhook endpoint disabled after failing', { endpointId: endpoint.endpointId, failingSince: failing.failingSince });
      await mailOwners(failing, error ?? 'failed', log);
    }
  }
  if (delay !== null) await delayNextAttempt(receiptHandle, delay);
  return 'retry';
};
