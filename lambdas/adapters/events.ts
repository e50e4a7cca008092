import { EventBridgeClient, PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { PRODUCT_EVENTS, type InterviewCompletedDetail } from '../contracts/product-events';
import { WEBHOOK_API_VERSION, type DeliveredEventType, type WebhookEvent, type WebhookEventData } from '../contracts/webhook-events';
import { newId } from '../platform/crypto';
import { readEnv } from '../platform/env';
import { sdkClientSettings } from '../platform/sdk-config';

/** EventBridge, for the product's own events (grant events:put); its endpoint comes from AWS_ENDPOINT_URL_EVENTBRIDGE locally. */
const eventBridge = /* @__PURE__ */ new EventBridgeClient(/* @__PURE__ */ sdkClientSettings('eventBridge'));

/** PutEvents takes at most this many entries a call. */
export const PUT_EVENTS_MAX_ENTRIES = 10;

/** PutEvents calls one publisher has under way at once. */
const PUT_EVENTS_IN_FLIGHT = 5;

export class EventNotPublished extends Error {}

/** Puts one product event on the stage's bus; throws when EventBridge did not take it. */
export const publishEvent = async (detailType: typeof PRODUCT_EVENTS.interviewCompleted, detail: InterviewCompletedDetail): Promise<void> => {
  const { FailedEntryCount, Entries } = await eventBridge.send(
    new PutEventsCommand({
      Entries: [
        {
          EventBusName: readEnv('EVENT_BUS_NAME').EVENT_BUS_NAME,
          Source: PRODUCT_EVENTS.source,
          DetailType: detailType,
          Detail: JSON.stringify(detail),
        },
      ],
    }),
  );
  if (FailedEntryCount) throw new EventNotPublished(`${Entries?.[0]?.ErrorCode ?? 'Failed'}: ${Entries?.[0]?.ErrorMessage ?? ''}`);
};

/** An event id: `evt_` and 96 random bits. */
export const newWebhookEventId = (): string => `evt_${newId()}`;

/**
 * A webhook event's envelope (lambdas/contracts/webhook-events.ts) around its `data`: a new id (or
 * `id`, for an event whose retry must carry the same one), the time and the payloads' version.
 */
export const webhookEvent = <T extends DeliveredEventType>(
  type: T,
  companyId: string,
  data: WebhookEventData<T>,
  options: { id?: string; now?: Date } = {},
): WebhookEvent<T> => ({
  id: options.id ?? newWebhookEventId(),
  type,
  apiVersion: WEBHOOK_API_VERSION,
  createdAt: (options.now ?? new Date()).toISOString(),
  companyId,
  data,
});

/** Some of the events were not taken by EventBridge (`eventIds`), after the others were. */
export class WebhookEventsNotPublished extends EventNotPublished {
  constructor(
    readonly eventIds: string[],
    reason: string,
  ) {
    super(`${eventIds.length} webhook event(s) not published: ${reason}`);
  }
}

/**
 * Puts webhook events on the stage's bus as `Webhook event`s (their detail is the envelope), up to
 * PUT_EVENTS_MAX_ENTRIES a call, a few calls side by side. Throws WebhookEventsNotPublished naming the
 * events EventBridge did not take (a refused call, or its refused entries); the rest are published.
 */
export const publishWebhookEvents = async (events: readonly WebhookEvent[]): Promise<void> => {
  if (events.length === 0) return;
  const bus = readEnv('EVENT_BUS_NAME').EVENT_BUS_NAME;
  const chunks: WebhookEvent[][] = [];
  for (let i = 0; i < events.length; i += PUT_EVENTS_MAX_ENTRIES) chunks.push(events.slice(i, i + PUT_EVENTS_MAX_ENTRIES));
  const failed: string[] = [];
  let reason = '';
  const putChunk = async (chunk: WebhookEvent[]) => {
    const entries: PutEventsRequestEntry[] = chunk.map((event) => ({
      EventBusName: bus,
      Source: PRODUCT_EVENTS.source,
      DetailType: PRODUCT_EVENTS.webhookEvent,
      Detail: JSON.stringify(event),
    }));
    try {
      const { FailedEntryCount, Entries } = await eventBridge.send(new PutEventsCommand({ Entries: entries }));
      if (!FailedEntryCount) return;
      // PutEvents answers an entry per entry, in order; a failed one carries an ErrorCode.
      chunk.forEach((event, i) => {
        const entry = Entries?.[i];
        if (!entry || entry.ErrorCode) {
          failed.push(event.id);
          reason ||= `${entry?.ErrorCode ?? 'Failed'}: ${entry?.ErrorMessage ?? ''}`;
        }
      });
    } catch (error) {
      failed.push(...chunk.map((event) => event.id));
      reason ||= error instanceof Error ? error.message : String(error);
    }
  };
  // A few calls at a time: a position deleted with thousands of candidates sends hundreds.
  for (let i = 0; i < chunks.length; i += PUT_EVENTS_IN_FLIGHT) await Promise.all(chunks.slice(i, i + PUT_EVENTS_IN_FLIGHT).map(putChunk));
  if (failed.length > 0) throw new WebhookEventsNotPublished(failed, reason);
};

/** One webhook event; throws WebhookEventsNotPublished when EventBridge did not take it. */
export const publishWebhookEvent = (event: WebhookEvent): Promise<void> => publishWebhookEvents([event]);
