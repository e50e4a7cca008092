import { describe, expect, it } from 'vitest';
import { countChange, durationChange, formatDuration, formatRate, funnelRows, rateChange, withinWords } from './figures';
import type { ReportFigures } from '../../../../lambdas/contracts/reports';

const figures = (funnel: Partial<ReportFigures['funnel']>): ReportFigures => ({
  funnel: { invited: 0, opened: 0, started: 0, completed: 0, reviewed: 0, shortlisted: 0, rejected: 0, ...funnel },
  completionRate: null,
  timeToComplete: { count: 0, medianSeconds: null, p90Seconds: null },
  timeToFirstReview: { count: 0, medianSeconds: null, p90Seconds: null },
  devices: { phone: 0, desktop: 0 },
  recorderPaths: { browser: 0, live: 0 },
});

describe('report figures in words', () => {
  it('says a duration step as the upper bound it is', () => {
    expect([60, 120, 3600, 5400, 86_400, 129_600, 604_800].map(formatDuration)).toEqual([
      '1 min',
      '2 min',
      '1 h',
      '1 h 30 min',
      '1 day',
      '1 day 12 h',
      '7 days',
    ]);
    expect(withinWords(5400, 3, 7_776_000)).toBe('within 1 h 30 min');
    expect(withinWords(null, 3, 7_776_000)).toBe('longer than 90 days');
    expect(withinWords(null, 0, 7_776_000)).toBe('no candidates');
  });

  it('compares each figure with the previous period', () => {
    expect(countChange(112, 100, 30)).toBe('+12% on the previous 30 days');
    expect(countChange(3, 4, 7)).toBe('−25% on the previous 7 days');
    expect(countChange(4, 4, 7)).toBe('same as the previous 7 days');
    expect(countChange(4, 0, 7)).toBe('none in the previous 7 days');
    expect(countChange(0, 0, 7)).toBe('no candidates');
    expect(rateChange(0.62, 0.5, 30)).toBe('+12 points on the previous 30 days');
    expect(rateChange(null, null, 30)).toBe('no candidates');
    expect(rateChange(0.5, null, 30)).toBe('no candidates in the previous 30 days');
    expect(durationChange({ count: 2, medianSeconds: 7200, p90Seconds: 7200 }, 'medianSeconds', 30, 7_776_000)).toBe(
      'within 2 h in the previous 30 days',
    );
    expect(formatRate(0.666)).toBe('67%');
  });

  it('counts each step of the funnel from the one before (shortlisted and rejected from reviewed)', () => {
    const rows = funnelRows({
      current: figures({ invited: 4, opened: 4, started: 3, completed: 2, reviewed: 2, shortlisted: 1, rejected: 0 }),
      previous: figures({ invited: 1 }),
    });
    expect(rows.map((r) => [r.label, r.count, r.conversion, r.previous])).toEqual([
      ['Invited', 4, null, 1],
      ['Opened', 4, 1, 0],
      ['Started', 3, 0.75, 0],
      ['Completed', 2, 2 / 3, 0],
      ['Reviewed', 2, 1, 0],
      ['Shortlisted', 1, 0.5, 0],
      ['Rejected', 0, 0, 0],
    ]);
  });
});
