import { publishWebhookEvents, WebhookEventsNotPublished } from '../../adapters/events';
import type { WebhookEvent } from '../../contracts/webhook-events';
import type { AppLink } from '../../domain/webhook-payloads';
import { appOrigin, linkAt } from '../../platform/app-origin';
import { describeError, type Logger } from '../../platform/logger';
import { count, metricNames } from '../../platform/metrics';

/**
 * The product's webhook events (issue 38), published by the use cases where they happen, after the
 * write that caused them committed (grant events:put): EventBridge takes them to the fan-out function
 * (lambdas/event-rules.ts), which queues a delivery per subscribed endpoint. Publishing never fails or
 * holds up the work that caused it: an event EventBridge does not take is logged and counted
 * (the WebhookEventsNotPublished metric), and the caller answers as it would have.
 */
export const publishEvents = async (events: readonly WebhookEvent[], log: Logger): Promise<void> => {
  if (events.length === 0) return;
  try {
    await publishWebhookEvents(events);
  } catch (error) {
    const missed = error instanceof WebhookEventsNotPublished ? new Set(error.eventIds) : new Set(events.map((event) => event.id));
    const lost = events.filter((event) => missed.has(event.id));
    log.error('webhook events not published', {
      events: lost.length,
      types: [...new Set(lost.map((event) => event.type))],
      // Enough to find them in the logs; a bulk invite's hundreds are not all listed.
      eventIds: lost.slice(0, 20).map((event) => event.id),
      ...describeError(error),
    });
    count(metricNames.webhookEventsNotPublished, lost.length);
  }
};

/** Links into the SPA at the stage's origin (grant app:links), for the payloads' `*_href` fields. */
export const webhookLinks = async (): Promise<AppLink> => {
  const origin = await appOrigin();
  return (to) => linkAt(origin, to);
};
