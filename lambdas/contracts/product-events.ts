/**
 * The product's own EventBridge events: what a request hands over to run after it (an event
 * function of lambdas/event-rules.ts, retried, with a dead-letter queue), so the caller's request
 * does only the caller's work. One definition for the publisher, the rules and the local bus.
 */
export const PRODUCT_EVENTS = {
  source: 'video-interviews',
  /** A candidate answered the last question: the team is told, the candidate gets the `response` messages. */
  interviewCompleted: 'Interview completed',
  /**
   * Something a company's webhook endpoints can subscribe to happened (issue 38): the `detail` is the
   * WebhookEvent envelope (lambdas/contracts/webhook-events.ts), which the fan-out function hands to
   * each subscribed endpoint's deliveries.
   */
  webhookEvent: 'Webhook event',
} as const;

export type ProductEventType = (typeof PRODUCT_EVENTS)['interviewCompleted' | 'webhookEvent'];

/** What an `Interview completed` event carries: ids only (the function reads the rest as it is then). */
export interface InterviewCompletedDetail {
  candidateId: string;
}
