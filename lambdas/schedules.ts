import type { Grant } from './routes';

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
  expireInvites: { handler: 'jobs/expire-invites', rateMinutes: 15, grants: ['table:write', 'media:delete'], timeoutSeconds: 300 },
  /** Sends reminders planned a duration from the invite to candidates who have not responded (spec §3 PlannedMessage). */
  sendPlannedMessages: {
    handler: 'jobs/send-planned-messages',
    rateMinutes: 15,
    grants: ['table:write', 'mail:send', 'media:read'],
    timeoutSeconds: 300,
  },
} as const satisfies Record<string, ScheduleDefinition>;

export type ScheduleId = keyof typeof schedules;

export const scheduleEntries = Object.entries(schedules) as [ScheduleId, ScheduleDefinition][];
