import type { ScheduledEvent } from 'aws-lambda';
import { sendDueMessages } from '../app/messages/send-due';
import { createLogger, withLogContext } from '../platform/logger';

/**
 * Sends the planned messages that are due to candidates who have still not responded
 * (lambdas/app/messages/send-due.ts). Runs on a schedule (lambdas/schedules.ts); "now" is the
 * schedule's time (EventBridge's `time`).
 */
export const handler = withLogContext('send-planned-messages', async (event?: Partial<ScheduledEvent>) => {
  const log = createLogger({ job: 'send-planned-messages', eventId: event?.id });
  return sendDueMessages(event?.time ? new Date(event.time) : new Date(), log);
});
