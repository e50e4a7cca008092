import type { Grant } from './operations/operation';

/**
 * Scheduled jobs, defined once: CDK turns each into an EventBridge schedule invoking its handler;
 * the local stack's in-process scheduler calls the same handler on the same rate.
 * Handlers export `handler(event: ScheduledEvent)`.
 */
export interface ScheduleDefinition {
  readonly handler: string;
  readonly rateMinutes: number;
  readonly grants: readonly Grant[];
  readonly timeoutSeconds?: number;
}

export const schedules = {
  /** Deletes invited candidates whose deadline has passed (spec §9). */
  expireInvites: { handler: 'jobs/expire-invites', rateMinutes: 15, grants: ['table:write', 'media:delete', 'events:put'], timeoutSeconds: 300 },
  /** Sends reminders planned a duration from the invite to candidates who have not responded (spec §3 PlannedMessage). */
  sendPlannedMessages: {
    handler: 'jobs/send-planned-messages',
    rateMinutes: 15,
    grants: ['table:write', 'mail:send', 'media:read'],
    timeoutSeconds: 300,
  },
  /** Invites the candidates tagged in each integration's ATS to their positions, once (issue 16 "In"). */
  syncIntegrations: {
    handler: 'jobs/sync-integrations',
    rateMinutes: 15,
    grants: ['table:write', 'ats:api', 'mail:send', 'media:read', 'events:put'],
    timeoutSeconds: 300,
  },
  /** Writes responses, shortlists and rejections back to the candidates' ATS profiles, retrying with backoff (issue 16 "Back"). */
  deliverIntegrationResults: {
    handler: 'jobs/deliver-integration-results',
    rateMinutes: 1,
    grants: ['table:write', 'ats:api', 'app:links'],
    timeoutSeconds: 120,
  },
  /**
   * Deletes candidates whose company's retention policy is due (issue 28), in bounded pages; with the
   * ATS outbox's pending result (no ATS call), so no `ats:api`.
   */
  applyRetention: { handler: 'jobs/apply-retention', rateMinutes: 60, grants: ['table:write', 'media:delete', 'events:put'], timeoutSeconds: 600 },
} as const satisfies Record<string, ScheduleDefinition>;

export type ScheduleId = keyof typeof schedules;

export const scheduleEntries = Object.entries(schedules) as [ScheduleId, ScheduleDefinition][];
