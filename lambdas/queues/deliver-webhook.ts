import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { deliverAttempt } from '../app/webhooks/deliver';
import { parseDeliveryMessage } from '../adapters/webhook-queue';
import { createLogger } from '../platform/logger';

/**
 * The webhook deliveries queue's consumer (lambdas/queues.ts): each message is one event for one
 * endpoint, delivered in parallel with the others of the batch. A message that is to be tried again
 * is reported in `batchItemFailures` (ReportBatchItemFailures), so only it stays on the queue, hidden
 * for the backoff's delay its attempt set; the others are deleted. A message that is not ours is dropped.
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const log = createLogger();
  const outcomes = await Promise.all(
    event.Records.map(async (record) => {
      const message = parseDeliveryMessage(record.body);
      if (!message) {
        log.error('not a webhook delivery message: dropped', { messageId: record.messageId });
        return null;
      }
      const attempt = Math.max(1, Number(record.attributes.ApproximateReceiveCount) || 1);
      try {
        const result = await deliverAttempt({ message, attempt, receiptHandle: record.receiptHandle }, log);
        return result === 'retry' ? record.messageId : null;
      } catch (error) {
        // Our own failure (the table, KMS): the message comes back after the queue's visibility timeout.
        log.error('webhook delivery failed', { messageId: record.messageId, eventId: message.eventId, error: String(error) });
        return record.messageId;
      }
    }),
  );
  return { batchItemFailures: outcomes.filter((id): id is string => id !== null).map((itemIdentifier) => ({ itemIdentifier })) };
};
