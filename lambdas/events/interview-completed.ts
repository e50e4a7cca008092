import * as z from 'zod/mini';
import '../contracts/zod-locale';
import { PRODUCT_EVENTS } from '../contracts/product-events';
import { announceResponse } from '../app/recording/announce';
import { logger, withLogContext } from '../platform/logger';

const eventSchema = z.object({
  /** EventBridge's id of the event: its retries carry the same (the webhook event's id is made from it). */
  id: z.optional(z.string()),
  source: z.literal(PRODUCT_EVENTS.source),
  'detail-type': z.literal(PRODUCT_EVENTS.interviewCompleted),
  detail: z.object({ candidateId: z.string().check(z.minLength(1)) }),
});

/**
 * EventBridge: a candidate completed the interview (their last submission published the event,
 * lambdas/event-rules.ts): the team's notification and the candidate's `response` messages, after the
 * candidate's request. Anything else is logged and dropped (a retry would not make it an event of ours).
 */
export const handler = withLogContext('interview-completed', async (event: unknown) => {
  const parsed = eventSchema.safeParse(event);
  if (!parsed.success) {
    logger.warn('not an Interview completed event', { issues: parsed.error.issues.length });
    return { announced: false };
  }
  return announceResponse(parsed.data.detail.candidateId, logger.child({ candidateId: parsed.data.detail.candidateId }), {
    sourceEventId: parsed.data.id,
  });
});
