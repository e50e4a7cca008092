import { WEBHOOK_MAX_ATTEMPTS } from './domain/webhook-retries';
import type { Grant } from './operations/operation';

/**
 * SQS queues and the functions that consume them, defined once: CDK makes each queue with its
 * dead-letter queue (redrive after `maxReceiveCount` receives) and an event source mapping with
 * ReportBatchItemFailures to its function; the local stack runs the same queues on its SQS stand-in
 * (lib/local/sqs-local.ts) and polls them into the same handlers with the same event shape
 * (lib/local/sqs-poller.ts). Handlers export `handler(event: SQSEvent): SQSBatchResponse`.
 */
export interface QueueDefinition {
  /** The queue's name after the stage (`<stage>-<name>`), as lib/functions.ts webhookQueueNames spells it. */
  readonly description: string;
  /**
   * How long a received message stays hidden before it is received again. Lambda's guidance: six times
   * the consumer's timeout, so a batch still running is never handed out twice.
   */
  readonly visibilityTimeoutSeconds: number;
  /** Receives after which a message goes to the dead-letter queue. */
  readonly maxReceiveCount: number;
  /** How long a message is kept: longer than its whole retry schedule. */
  readonly retentionSeconds: number;
}

export interface QueueFunctionDefinition {
  readonly handler: string;
  readonly queue: QueueId;
  /** Messages per invocation (SQS hands out at most 10 per receive). */
  readonly batchSize: number;
  readonly grants: readonly Grant[];
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
  readonly description: string;
}

const DELIVERY_TIMEOUT_SECONDS = 30;

export const queues = {
  /**
   * One message per event and endpoint (the fan-out's, a resend's, a test event's); its receive count is
   * the delivery's attempt number, its visibility the wait before the next (lambdas/domain/webhook-retries.ts).
   */
  webhookDeliveries: {
    description: 'Webhook deliveries: one message per event and endpoint, retried with backoff for more than a day',
    visibilityTimeoutSeconds: 6 * DELIVERY_TIMEOUT_SECONDS,
    maxReceiveCount: WEBHOOK_MAX_ATTEMPTS,
    retentionSeconds: 4 * 24 * 60 * 60,
  },
} as const satisfies Record<string, QueueDefinition>;

export type QueueId = keyof typeof queues;

export const queueFunctions = {
  /** Signs and POSTs one event to one endpoint, logs the attempt, and schedules the next on failure (issue 38). */
  deliverWebhook: {
    handler: 'queues/deliver-webhook',
    queue: 'webhookDeliveries',
    batchSize: 10,
    grants: ['table:write', 'webhooks:deliver', 'mail:send'],
    timeoutSeconds: DELIVERY_TIMEOUT_SECONDS,
    memoryMb: 256,
    description: 'Delivers webhook events: signs, POSTs with a 10 s timeout to checked addresses, logs each attempt, retries with backoff',
  },
} as const satisfies Record<string, QueueFunctionDefinition>;

export type QueueFunctionId = keyof typeof queueFunctions;
export const queueFunctionEntries = Object.entries(queueFunctions) as [QueueFunctionId, QueueFunctionDefinition][];
