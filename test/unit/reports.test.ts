import { describe, expect, it } from 'vitest';
import { DURATION_STEPS_SECONDS } from '../../lambdas/contracts/reports';
import {
  buildReport,
  candidateContribution,
  contributionChange,
  dayIn,
  deviceOf,
  durationStep,
  PeriodRefused,
  reportPeriods,
  sumCounters,
  type Counters,
  type PeriodTotals,
  type ReportCandidateView,
} from '../../lambdas/domain/reports';
import { monthChange, monthOfDay, periodTotals, reportReadPlan, subtractTotals } from '../../lambdas/domain/report-months';

/**
 * A partition's totals as the data layer reads them from day items: their months summed as the
 * stream ADDs them (monthChange), then the plan's months and days read (periodTotals).
 */
const totalsOf = (days: ReadonlyMap<string, Counters>, previousFrom: string, from: string, to: string) => {
  const months = new Map<string, Counters>();
  for (const [day, counters] of days) months.set(monthOfDay(day), sumCounters(months.get(monthOfDay(day)) ?? {}, monthChange(day, counters)));
  const plan = reportReadPlan(previousFrom, from, to);
  const read = new Map([...days].filter(([day]) => plan.days.includes(day)));
  return { plan, totals: periodTotals(plan, months, read) };
};

/** The same by summing every day (what a report read before month items). */
const bruteForce = (days: ReadonlyMap<string, Counters>, previousFrom: string, from: string, to: string): PeriodTotals => {
  const totals: PeriodTotals = { current: {}, previous: {}, series: new Map() };
  for (const [day, counters] of days) {
    if (day >= from && day <= to) {
      sumCounters(totals.current, counters);
      totals.series.set(day, { invited: counters.invited ?? 0, started: counters.started ?? 0, completed: counters.completed ?? 0 });
    } else if (day >= previousFrom && day < from) sumCounters(totals.previous, counters);
  }
  return totals;
};

/** Counters without the zeros a subtraction leaves (a derived part's counter its days took back to 0). */
const nonZero = (counters: Counters) => Object.fromEntries(Object.entries(counters).filter(([, n]) => n !== 0));
const seriesOf = (totals: PeriodTotals) =>
  Object.fromEntries([...totals.series].filter(([, f]) => f.invited || f.started || f.completed).sort(([a], [b]) => a.localeCompare(b)));

const invited = (over: Partial<ReportCandidateView> = {}): ReportCandidateView => ({
  companyId: 'c1',
  positionId: 'p1',
  preview: false,
  reportCounted: true,
  createdAt: '2026-03-10T23:30:00.000Z',
  openedAt: null,
  startedAt: null,
  startedOn: null,
  completedAt: null,
  reviewedAt: null,
  currentStatus: 'invited',
  answeredCount: 0,
  attempts: {},
  answers: {},
  ...over,
});

const completed = invited({
  openedAt: '2026-03-11T08:00:00.000Z',
  startedAt: '2026-03-11T08:01:00.000Z',
  startedOn: 'phone',
  completedAt: '2026-03-11T08:31:00.000Z',
  currentStatus: 'responded',
  answeredCount: 2,
  attempts: { q0: 3, q1: 1 },
  answers: { q0: {}, q1: { answerType: 'text' } },
});

describe('what a candidate adds to the reports', () => {
  it('counts each step reached once, on the invite day in the company time zone', () => {
    expect(candidateContribution(invited(), 'UTC')).toEqual({ day: '2026-03-10', company: { invited: 1 }, position: { invited: 1 } });
    // 23:30 UTC is already the next day in Berlin.
    expect(candidateContribution(invited(), 'Europe/Berlin')!.day).toBe('2026-03-11');
    const { company, position } = candidateContribution(completed, 'UTC')!;
    // 30 minutes from the first start: the 1800 s step (index 6).
    expect(DURATION_STEPS_SECONDS[6]).toBe(1800);
    expect(company).toEqual({ invited: 1, opened: 1, started: 1, phone: 1, completed: 1, ttc_6: 1, browser: 1 });
    // The recorded answer counts a path; the text answer none. Question 0 took two retakes.
    expect(position).toEqual({ ...company, q0_reached: 1, q0_answered: 1, q0_retakes: 2, q1_reached: 1, q1_answered: 1 });
  });

  it('counts nothing of a preview', () => {
    expect(candidateContribution(invited({ preview: true }), 'UTC')).toBeNull();
  });

  it('adds the change of one write: a review, then an undone shortlisting takes the shortlist back', () => {
    const reviewed = { ...completed, reviewedAt: '2026-03-12T08:31:00.000Z' };
    expect(contributionChange(completed, reviewed, 'UTC')).toEqual([
      // a day from completion to review: the 86400 s step
      { day: '2026-03-10', company: { reviewed: 1, ttr_17: 1 }, position: { reviewed: 1, ttr_17: 1 } },
    ]);
    const shortlisted = { ...reviewed, currentStatus: 'shortlisted' as const };
    expect(contributionChange(shortlisted, reviewed, 'UTC')).toEqual([
      { day: '2026-03-10', company: { shortlisted: -1 }, position: { shortlisted: -1 } },
    ]);
    // A change the reports do not read moves nothing.
    expect(contributionChange(reviewed, { ...reviewed }, 'UTC')).toEqual([]);
  });

  it('counts a new candidate whole, and leaves a deleted one in the counts', () => {
    expect(contributionChange(null, invited(), 'UTC')).toEqual([{ day: '2026-03-10', company: { invited: 1 }, position: { invited: 1 } }]);
    expect(contributionChange(completed, null, 'UTC')).toEqual([]);
  });

  it('moves a renewed invitation to its new day', () => {
    const renewed = invited({ createdAt: '2026-03-15T10:00:00.000Z' });
    expect(contributionChange(invited(), renewed, 'UTC')).toEqual([
      { day: '2026-03-10', company: { invited: -1 }, position: { invited: -1 } },
      { day: '2026-03-15', company: { invited: 1 }, position: { invited: 1 } },
    ]);
  });

  it('leaves candidates the back-fill has not counted to it, and its own mark', () => {
    const uncounted = { ...completed, reportCounted: false };
    expect(contributionChange(uncounted, { ...uncounted, reviewedAt: '2026-03-12T08:31:00.000Z' }, 'UTC')).toEqual([]);
    expect(contributionChange(uncounted, completed, 'UTC')).toEqual([]);
  });
});

describe('report periods and figures', () => {
  it('takes the period before of the same length, and refuses what is no period', () => {
    expect(reportPeriods('2026-03-01', '2026-03-07')).toMatchObject({
      period: { from: '2026-03-01', to: '2026-03-07', days: 7 },
      previousPeriod: { from: '2026-02-22', to: '2026-02-28' },
    });
    expect(() => reportPeriods('2026-03-07', '2026-03-01')).toThrow(PeriodRefused);
    expect(() => reportPeriods('2026-02-30', '2026-03-01')).toThrow(PeriodRefused);
    expect(() => reportPeriods('2025-01-01', '2026-03-01')).toThrow(PeriodRefused);
  });

  it('sums the days of each period, and reads percentiles from the steps', () => {
    const days = new Map<string, Counters>([
      ['2026-03-01', { invited: 4, completed: 3, ttc_2: 2, ttc_9: 1, q0_reached: 3, q0_answered: 3, q1_reached: 3, q1_answered: 2 }],
      ['2026-03-07', { invited: 1 }],
      ['2026-02-28', { invited: 2, completed: 1, ttc_0: 1 }],
      ['2026-03-08', { invited: 50 }],
    ]);
    const report = buildReport({
      timeZone: 'UTC',
      from: '2026-03-01',
      to: '2026-03-07',
      totals: totalsOf(days, '2026-02-22', '2026-03-01', '2026-03-07').totals,
      position: { positionId: 'p1', jobTitle: 'Analyst', questionTitles: ['Why us?', 'What next?'] },
    });
    expect(report.current.funnel.invited).toBe(5);
    expect(report.current.completionRate).toBeCloseTo(3 / 5);
    expect(report.current.timeToComplete).toEqual({ count: 3, medianSeconds: 300, p90Seconds: 5400 });
    expect(report.previous.funnel).toMatchObject({ invited: 2, completed: 1 });
    expect(report.previous.timeToComplete).toEqual({ count: 1, medianSeconds: 60, p90Seconds: 60 });
    expect(report.days).toHaveLength(7);
    expect(report.days[0]).toEqual({ date: '2026-03-01', invited: 4, started: 0, completed: 3 });
    expect(report.questions).toEqual([
      { index: 0, title: 'Why us?', reached: 3, answered: 3, retakes: 0 },
      { index: 1, title: 'What next?', reached: 3, answered: 2, retakes: 0 },
    ]);
  });

  it('knows devices, steps and days', () => {
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe('phone');
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0')).toBe('desktop');
    expect(durationStep(60)).toBe(0);
    expect(durationStep(61)).toBe(1);
    expect(durationStep(10 ** 9)).toBe(DURATION_STEPS_SECONDS.length);
    expect(dayIn('2026-03-29T23:30:00.000Z', 'America/New_York')).toBe('2026-03-29');
  });

  describe('month items', () => {
    const DAY_MS = 86_400_000;
    const dayAt = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * DAY_MS).toISOString().slice(0, 10);
    /** A deterministic spread in [0, 1). */
    const spread = (i: number, salt: number) => {
      const x = Math.sin(i * 12.9898 + salt * 78.233) * 43758.5453;
      return x - Math.floor(x);
    };
    /** Days over two years, some empty, with counters of all kinds (per-question ones too). */
    const someDays = (density: number) => {
      const days = new Map<string, Counters>();
      for (let i = 0; i < 760; i++) {
        if (spread(i, 1) > density) continue;
        const invited = 1 + Math.floor(spread(i, 2) * 40);
        days.set(dayAt(i), {
          invited,
          started: Math.floor(invited * spread(i, 3)),
          completed: Math.floor(invited * spread(i, 4) * 0.5),
          [`ttc_${Math.floor(spread(i, 5) * 10)}`]: 1,
          q0_reached: Math.floor(invited * spread(i, 6)),
          ...(spread(i, 7) < 0.5 ? { shortlisted: 1 } : {}),
        });
      }
      return days;
    };
    const periods = [
      // A 365-day report ending mid-month (the bench's), a 7-day one within a month, one across a
      // year's end, one of whole months, a 1-day one, and a 366-day one.
      ['2025-06-14', '2026-06-13'],
      ['2025-09-10', '2025-09-16'],
      ['2025-12-28', '2026-01-03'],
      ['2025-03-01', '2025-04-30'],
      ['2025-08-31', '2025-08-31'],
      ['2025-02-01', '2026-02-01'],
    ] as const;

    it.each(periods)('gives the totals and the days of summing every day (%s to %s)', (from, to) => {
      for (const density of [1, 0.3, 0.02]) {
        const days = someDays(density);
        const { previousPeriod } = reportPeriods(from, to);
        const { totals } = totalsOf(days, previousPeriod.from, from, to);
        const expected = bruteForce(days, previousPeriod.from, from, to);
        expect(nonZero(totals.current)).toEqual(nonZero(expected.current));
        expect(nonZero(totals.previous)).toEqual(nonZero(expected.previous));
        expect(seriesOf(totals)).toEqual(seriesOf(expected));
      }
    });

    it('reads the months both periods touch and only the cut months’ shorter parts by day', () => {
      const { previousPeriod } = reportPeriods('2025-06-14', '2026-06-13');
      const plan = reportReadPlan(previousPeriod.from, '2025-06-14', '2026-06-13');
      expect(plan.months).toEqual({ from: '2024-06', to: '2026-06' });
      // Cut: June 2024 at the 14th (the outside part 1-13 is the shorter: read), June 2025 at the
      // 14th (previous 1-13 read, current 14-30 derived), June 2026 at the 13th (current 1-13 read).
      expect(plan.days).toHaveLength(13 + 13 + 13);
      expect(plan.days).toContain('2024-06-01');
      expect(plan.days).not.toContain('2024-06-14');
      expect(plan.days).toContain('2026-06-13');
      // Never more than some 45 days, whatever the period.
      for (let start = 0; start < 400; start += 7)
        for (const length of [1, 7, 30, 90, 365, 366]) {
          const from = dayAt(start + 366);
          const to = dayAt(start + 366 + length - 1);
          expect(reportReadPlan(reportPeriods(from, to).previousPeriod.from, from, to).days.length).toBeLessThanOrEqual(46);
        }
    });

    it('takes a hidden partition off, its series too', () => {
      const all = new Map<string, Counters>([['2026-03-02', { invited: 5, started: 2, q0_reached: 2 }]]);
      const hidden = new Map<string, Counters>([['2026-03-02', { invited: 2, started: 1, q0_reached: 1 }]]);
      const totals = totalsOf(all, '2026-02-22', '2026-03-01', '2026-03-07').totals;
      subtractTotals(totals, totalsOf(hidden, '2026-02-22', '2026-03-01', '2026-03-07').totals, (c) => ({ invited: c.invited ?? 0, started: c.started ?? 0 }));
      expect(totals.current).toEqual({ invited: 3, started: 1, q0_reached: 2 });
      expect(totals.series.get('2026-03-02')).toEqual({ invited: 3, started: 1, completed: 0 });
    });
  });
});
