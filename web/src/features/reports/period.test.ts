import { describe, expect, it } from 'vitest';
import { addDays, daysIn, isIsoDate, periodChoice, periodProblems, resolvePeriod, todayIn } from './period';

describe('the Reports period', () => {
  it("takes today's date in the company's time zone, not the viewer's", () => {
    const lateEvening = new Date('2026-12-01T23:30:00Z');
    expect(todayIn('UTC', lateEvening)).toBe('2026-12-01');
    expect(todayIn('Europe/Berlin', lateEvening)).toBe('2026-12-02');
    expect(todayIn('America/Los_Angeles', lateEvening)).toBe('2026-12-01');
    expect(todayIn('Not/A_Zone', lateEvening)).toBe('2026-12-01');
  });

  it('counts the last N days up to today, both included', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    expect(resolvePeriod(7, { from: null, to: null }, 'UTC', now)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(resolvePeriod(30, { from: null, to: null }, 'UTC', now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(daysIn('2026-01-31', '2026-03-01')).toBe(30);
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('checks custom days: real dates, in order, at most 366 days', () => {
    expect(resolvePeriod('custom', { from: '2026-01-01', to: '2026-01-31' }, 'UTC')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(resolvePeriod('custom', { from: '2026-02-30', to: '2026-03-01' }, 'UTC')).toEqual({ problem: periodProblems.missing });
    expect(resolvePeriod('custom', { from: null, to: '2026-03-01' }, 'UTC')).toEqual({ problem: periodProblems.missing });
    expect(resolvePeriod('custom', { from: '2026-03-02', to: '2026-03-01' }, 'UTC')).toEqual({ problem: periodProblems.order });
    expect(resolvePeriod('custom', { from: '2025-01-01', to: '2026-01-02' }, 'UTC')).toEqual({ problem: periodProblems.tooLong });
    expect(isIsoDate('2024-02-29')).toBe(true);
  });

  it('reads the period choice from the URL, 30 days otherwise', () => {
    expect(['7', '30', '90', 'custom', null, '12', 'x'].map(periodChoice)).toEqual([7, 30, 90, 'custom', 30, 30, 30]);
  });
});
