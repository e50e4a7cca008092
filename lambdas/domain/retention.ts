/**
 * Candidate data retention (issue 28), as pure rules: a company keeps a candidate's videos,
 * transcripts, captions, packages and personal data for N months after the later of the candidate's
 * last activity and their position's closing, then the retention job deletes them. `null` months:
 * kept until someone deletes them.
 */

import { DEFAULT_RETENTION_MONTHS } from '../contracts/vocabulary';

/** The months a company may choose (Company settings), and what a company that never chose keeps: the wire vocabulary's. */
export { DEFAULT_RETENTION_MONTHS, RETENTION_MONTH_CHOICES, RETENTION_MONTHS_MAX, RETENTION_MONTHS_MIN } from '../contracts/vocabulary';

/** A company's policy: months, or null for "never delete automatically". */
export type RetentionMonths = number | null;

/** `at` plus `months` calendar months in UTC, the day clamped to the target month's last (31 Jan + 1 = 28/29 Feb). */
export const addMonths = (at: Date, months: number): Date => {
  const target = new Date(
    Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1, at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds(), at.getUTCMilliseconds()),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  return target;
};

/** When the retention clock of a candidate started: the later of their last activity and their position's closing (ISO strings). */
export const retentionClock = (lastActiveAt: string, positionClosedAt: string | null): string =>
  positionClosedAt && positionClosedAt > lastActiveAt ? positionClosedAt : lastActiveAt;

/** When a candidate whose clock started at `clock` is due for deletion under `months`, or null when the policy never deletes. */
export const retentionDueAt = (clock: string, months: RetentionMonths): string | null =>
  months === null ? null : addMonths(new Date(clock), months).toISOString();

/** The latest clock start that is due at `now` under `months` (everything at or before it is due), or null. */
export const retentionCutoff = (now: Date, months: RetentionMonths): string | null =>
  months === null ? null : addMonths(now, -months).toISOString();

/** A stored policy as the rules read it: absent means the default. */
export const retentionMonthsOf = (stored: unknown): RetentionMonths =>
  stored === null ? null : typeof stored === 'number' && Number.isInteger(stored) ? stored : DEFAULT_RETENTION_MONTHS;
