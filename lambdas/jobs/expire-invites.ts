import type { ScheduledEvent } from 'aws-lambda';
import { expireInvites } from '../app/deletion/expire-invites';
import { createLogger, withLogContext } from '../platform/logger';

/**
 * Spec §9: deletes the invited candidates whose deadline has passed (lambdas/app/deletion/expire-invites.ts).
 * Runs on a schedule (lambdas/schedules.ts); "now" is the schedule's time (EventBridge's `time`).
 */
export const handler = withLogContext('expire-invites', async (event?: Partial<ScheduledEvent>) => {
  const log = createLogger({ job: 'expire-invites', eventId: event?.id });
  return expireInvites(event?.time ? new Date(event.time) : new Date(), log);
});
