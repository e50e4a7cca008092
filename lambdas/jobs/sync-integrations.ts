import type { ScheduledEvent } from 'aws-lambda';
import { syncAllIntegrations } from '../app/integrations/sync';
import { createLogger, withLogContext } from '../platform/logger';

/** Every 15 minutes: each integration's tagged candidates in the ATS are invited to their positions once (lambdas/app/integrations/sync.ts). */
export const handler = withLogContext('sync-integrations', async (event?: Partial<ScheduledEvent>) => {
  const log = createLogger({ job: 'sync-integrations', eventId: event?.id });
  return syncAllIntegrations(log, event?.time ? new Date(event.time) : new Date());
});
