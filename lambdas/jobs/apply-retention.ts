import type { ScheduledEvent } from 'aws-lambda';
import { applyRetention } from '../app/deletion/retention';
import { createLogger, withLogContext } from '../platform/logger';

/**
 * Issue 28: deletes the candidates whose company's retention policy is due (lambdas/app/deletion/retention.ts).
 * Runs on a schedule (lambdas/schedules.ts); "now" is the schedule's time (EventBridge's `time`).
 */
export const handler = withLogContext('apply-retention', async (event?: Partial<ScheduledEvent>) => {
  const log = createLogger({ job: 'apply-retention', eventId: event?.id });
  return applyRetention(event?.time ? new Date(event.time) : new Date(), log);
});
