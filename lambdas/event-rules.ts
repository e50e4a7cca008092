import { IVS_RECORDING_EVENT } from './contracts/live-recording';
import { PRODUCT_EVENTS } from './contracts/product-events';
import { SES_MAIL_EVENT } from './contracts/mail-events';
import type { Grant } from './operations/operation';

/**
 * Functions that run on an EventBridge event, defined once: CDK turns each into a rule with this
 * pattern targeting its function (with retries and a dead-letter queue); the local stand-ins deliver
 * the same events to the same handlers through `matchesPattern`. Handlers export `handler(event)`.
 */
export interface EventPattern {
  readonly source: readonly string[];
  readonly 'detail-type': readonly string[];
  readonly detail?: Readonly<Record<string, readonly string[]>>;
}

export interface EventFunctionDefinition {
  readonly handler: string;
  readonly pattern: EventPattern;
  readonly grants: readonly Grant[];
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
  readonly description: string;
}

export const eventFunctions = {
  /** IVS has written a live recording to the media bucket: it becomes the answer's video (issue 30). */
  liveRecordingEnded: {
    handler: 'events/live-recording-ended',
    pattern: {
      source: [IVS_RECORDING_EVENT.source],
      'detail-type': [IVS_RECORDING_EVENT.detailType],
      detail: { event_name: [IVS_RECORDING_EVENT.recordingEnd, IVS_RECORDING_EVENT.recordingEndFailure] },
    },
    grants: ['table:write', 'media:read', 'media:write', 'media:delete', 'workflow:start', 'live:record'],
    timeoutSeconds: 120,
    memoryMb: 512,
    description: 'A live recording ended: joins what IVS wrote into the answer video and starts its processing',
  },
  /** A candidate completed the interview (issue 26): the team's notification and the `response` messages, after the candidate's request. */
  interviewCompleted: {
    handler: 'events/interview-completed',
    pattern: { source: [PRODUCT_EVENTS.source], 'detail-type': [PRODUCT_EVENTS.interviewCompleted] },
    grants: ['table:write', 'media:read', 'mail:send', 'events:put'],
    timeoutSeconds: 60,
    memoryMb: 256,
    description: "A candidate completed the interview: mails the team's notification and the candidate's response messages",
  },
  /**
   * A product event for webhooks (issue 38): one deliveries message per enabled endpoint of the company that
   * subscribed to its type (lambdas/queues.ts has the delivery function). SQS send only, no KMS, no network.
   */
  webhookEvent: {
    handler: 'events/webhook-event',
    pattern: { source: [PRODUCT_EVENTS.source], 'detail-type': [PRODUCT_EVENTS.webhookEvent] },
    grants: ['table:read', 'webhooks:enqueue'],
    timeoutSeconds: 30,
    memoryMb: 256,
    description: 'A webhook event happened: queues one delivery per subscribed, enabled endpoint of its company',
  },
  /** SES reported on a mail sent with the stage's configuration set (issue 26): the invitation records delivered, bounced or complained. */
  mailEventReceived: {
    handler: 'events/mail-event-received',
    pattern: { source: [SES_MAIL_EVENT.source], 'detail-type': Object.values(SES_MAIL_EVENT.detailTypes) },
    grants: ['table:write'],
    timeoutSeconds: 30,
    memoryMb: 256,
    description: "SES delivered, bounced or had a complaint about a mail: the candidate's or member invitation's mail status",
  },
} as const satisfies Record<string, EventFunctionDefinition>;

export type EventFunctionId = keyof typeof eventFunctions;
export const eventFunctionEntries = Object.entries(eventFunctions) as [EventFunctionId, EventFunctionDefinition][];

/** EventBridge's exact-value matching, the part of it the patterns above use. */
export const matchesPattern = (pattern: EventPattern, event: { source?: unknown; 'detail-type'?: unknown; detail?: unknown }): boolean => {
  if (!pattern.source.includes(String(event.source))) return false;
  if (!pattern['detail-type'].includes(String(event['detail-type']))) return false;
  const detail = (event.detail ?? {}) as Record<string, unknown>;
  return Object.entries(pattern.detail ?? {}).every(([field, values]) => values.includes(String(detail[field])));
};
