import { describe, expect, it } from 'vitest';
import {
  addMonths,
  DEFAULT_RETENTION_MONTHS,
  RETENTION_MONTH_CHOICES,
  retentionClock,
  retentionCutoff,
  retentionDueAt,
  retentionMonthsOf,
} from '../../lambdas/domain/retention';
import { retentionSchema } from '../../lambdas/contracts/company';

describe('retention rules (issue 28)', () => {
  it('adds calendar months in UTC, clamping the day to the target month', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00.000Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T10:00:00.000Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2026-11-15T23:59:59.999Z'), 6).toISOString()).toBe('2027-05-15T23:59:59.999Z');
    expect(addMonths(new Date('2026-03-31T00:00:00.000Z'), -1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2026-05-12T08:00:00.000Z'), -24).toISOString()).toBe('2024-05-12T08:00:00.000Z');
  });

  it('starts the clock at the later of the last activity and the position closing', () => {
    expect(retentionClock('2026-01-01T00:00:00.000Z', null)).toBe('2026-01-01T00:00:00.000Z');
    expect(retentionClock('2026-01-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z')).toBe('2026-03-01T00:00:00.000Z');
    expect(retentionClock('2026-04-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z')).toBe('2026-04-01T00:00:00.000Z');
  });

  it('is due the policy months after the clock, never under "never"', () => {
    expect(retentionDueAt('2026-11-12T09:00:00.000Z', 6)).toBe('2027-05-12T09:00:00.000Z');
    expect(retentionDueAt('2026-11-12T09:00:00.000Z', 24)).toBe('2028-11-12T09:00:00.000Z');
    expect(retentionDueAt('2026-11-12T09:00:00.000Z', null)).toBeNull();
  });

  it('cuts off at now minus the months: a clock at or before it is due, one after it is not', () => {
    const now = new Date('2027-05-12T09:00:00.000Z');
    const cutoff = retentionCutoff(now, 6)!;
    expect(cutoff).toBe('2026-11-12T09:00:00.000Z');
    for (const clock of ['2026-11-12T09:00:00.000Z', '2026-01-01T00:00:00.000Z']) {
      expect(clock <= cutoff).toBe(true);
      expect(retentionDueAt(clock, 6)! <= now.toISOString()).toBe(true);
    }
    const notYet = '2026-11-12T09:00:00.001Z';
    expect(notYet <= cutoff).toBe(false);
    expect(retentionDueAt(notYet, 6)! <= now.toISOString()).toBe(false);
    expect(retentionCutoff(now, null)).toBeNull();
  });

  it('reads a stored policy: absent is the default of 6 months, null is never', () => {
    expect(DEFAULT_RETENTION_MONTHS).toBe(6);
    expect(retentionMonthsOf(undefined)).toBe(6);
    expect(retentionMonthsOf(null)).toBeNull();
    expect(retentionMonthsOf(12)).toBe(12);
    expect(retentionMonthsOf('12')).toBe(6);
    expect(retentionMonthsOf(2.5)).toBe(6);
  });

  it('accepts 1 to 24 whole months or null on the wire, and every choice the settings offer', () => {
    for (const months of [...RETENTION_MONTH_CHOICES, 1, 24, null]) expect(retentionSchema.safeParse({ retentionMonths: months }).success).toBe(true);
    for (const months of [0, 25, 1.5, -6, '6', undefined]) expect(retentionSchema.safeParse({ retentionMonths: months }).success).toBe(false);
  });
});
