import type { ScheduledEvent } from 'aws-lambda';
import { deliverDueResults } from '../app/integrations/results';
import { createLogger, withLogContext } from '../platform/logger';

/** Every minute: responses, shortlists and rejections due to be written back to the ATS, with retries (lambdas/app/integrations/results.ts). */
export const handler = withLogContext('deliver-integration-results', async (event?: Partial<ScheduledEvent>) => {
  const log = createLogger({ job: 'deliver-integration-results', eventId: event?.id });
  return deliverDueResults(event?.time ? new Date(event.time) : new Date(), log);
});
