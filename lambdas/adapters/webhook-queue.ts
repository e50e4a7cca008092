import { ChangeMessageVisibilityCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { DeliveredEventType } from '../contracts/webhook-events';
import { readEnv } from '../platform/env';
import { sdkClientSettings } from '../platform/sdk-config';

/**
 * The webhook deliveries queue (lambdas/queues.ts), through SQS's SDK: its URL from the grants
 * (WEBHOOK_DELIVERIES_QUEUE_URL), its endpoint from AWS_ENDPOINT_URL_SQS locally.
 */
const sqs = /* @__PURE__ */ new SQSClient(/* @__PURE__ */ sdkClientSettings('sqs'));

const queueUrl = () => readEnv('WEBHOOK_DELIVERIES_QUEUE_URL').WEBHOOK_DELIVERIES_QUEUE_URL;

/** One event for one endpoint: what a deliveries message carries (JSON). */
export interface WebhookDeliveryMessage {
  companyId: string;
  endpointId: string;
  eventId: string;
  eventType: DeliveredEventType;
  /** The body to POST, rendered once (JSON, snake_case): every attempt and a resend send the same bytes. */
  body: string;
  /** Sent by the owner (a resend, a test event): delivered even while the endpoint is disabled. */
  manual: boolean;
}

export class DeliveriesNotQueued extends Error {}

const BATCH = 10;

/**
 * Queues the messages, 10 a SendMessageBatch; entries SQS refused are sent again once, then the call
 * fails (the fan-out's EventBridge retry sends the event again: at least once, receivers de-duplicate by
 * the event id).
 */
export const queueDeliveries = async (messages: readonly WebhookDeliveryMessage[]): Promise<void> => {
  for (let start = 0; start < messages.length; start += BATCH) {
    let pending = messages.slice(start, start + BATCH).map((message, index) => ({ Id: String(index), MessageBody: JSON.stringify(message) }));
    for (let round = 0; round < 2 && pending.length > 0; round += 1) {
      const { Failed } = await sqs.send(new SendMessageBatchCommand({ QueueUrl: queueUrl(), Entries: pending }));
      const failed = new Set((Failed ?? []).map((entry) => entry.Id));
      if (round === 1 && failed.size > 0) {
        throw new DeliveriesNotQueued(`SQS refused ${failed.size} of the deliveries: ${(Failed ?? []).map((f) => f.Code).join(', ')}`);
      }
      pending = pending.filter((entry) => failed.has(entry.Id));
    }
  }
};

/** Parses a deliveries message's body; null for one that is not ours (it is dropped, not retried). */
export const parseDeliveryMessage = (body: string): WebhookDeliveryMessage | null => {
  try {
    const value = JSON.parse(body) as Partial<WebhookDeliveryMessage>;
    const strings = [value.companyId, value.endpointId, value.eventId, value.eventType, value.body];
    if (!strings.every((field) => typeof field === 'string' && field.length > 0)) return null;
    return { ...(value as WebhookDeliveryMessage), manual: value.manual === true };
  } catch {
    return null;
  }
};

/** The wait before a failed delivery's next attempt: the message stays hidden that long (at most 12 h, SQS's limit). */
export const delayNextAttempt = async (receiptHandle: string, seconds: number): Promise<void> => {
  await sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl(), ReceiptHandle: receiptHandle, VisibilityTimeout: seconds }));
};
