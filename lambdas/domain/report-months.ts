import { dayNumber, dayOfNumber, sumCounters, type Counters, type DaySeries, type PeriodTotals } from './reports';

/**
 * Reports' month items (issue 40), the pure part. A report partition (a company's, a position's)
 * holds beside each day's counters one item per calendar month: the same counters summed over the
 * month, and the month's days' series (the counters the day-by-day chart draws) under each day's
 * name. Every change is ADD-ed to its day and to its month in one transaction, so a month is the sum
 * of its days.
 *
 * A report over both its periods (up to 2 × 366 days) reads the months they touch (one Query) and
 * only the days of the months a period boundary cuts (one BatchGetItem of at most some 45 keys, the
 * shorter side of each cut: the longest part of a cut month is its month less the days read). So
 * what a report reads no longer grows with how many of its days hold data: about 25 months and 45
 * days at most, where it read up to 732 days.
 */

/** The counters the days chart draws (the report's `days`), kept per day on the month. */
export const SERIES_COUNTERS = ['invited', 'started', 'completed'] as const;
export type SeriesCounter = (typeof SERIES_COUNTERS)[number] & keyof DaySeries;

/** `yyyy-mm` of a `yyyy-mm-dd`. */
export const monthOfDay = (day: string): string => day.slice(0, 7);

const seriesAttribute = (day: string, counter: SeriesCounter) => `d${day.slice(8, 10)}_${counter}`;
const SERIES_ATTRIBUTE = /^d(\d\d)_(invited|started|completed)$/;

/** What a change to one day's counters adds to its month's item: the same counters, and the series' ones again under the day. */
export const monthChange = (day: string, change: Counters): Counters => {
  const month: Counters = { ...change };
  for (const counter of SERIES_COUNTERS) if (change[counter]) month[seriesAttribute(day, counter)] = change[counter];
  return month;
};

/** A month item's counters apart: the month's totals, and its days' series (by `yyyy-mm-dd`). */
export const splitMonth = (month: string, counters: Counters): { totals: Counters; series: Map<string, DaySeries> } => {
  const totals: Counters = {};
  const series = new Map<string, DaySeries>();
  for (const [name, n] of Object.entries(counters)) {
    const match = SERIES_ATTRIBUTE.exec(name);
    if (!match) {
      totals[name] = n;
      continue;
    }
    const day = `${month}-${match[1]}`;
    const figures = series.get(day) ?? { invited: 0, started: 0, completed: 0 };
    figures[match[2] as SeriesCounter] = n;
    series.set(day, figures);
  }
  return { totals, series };
};

// ---- What a report reads ---------------------------------------------------------------------

type Kind = 'previous' | 'current' | 'outside';

interface Segment {
  kind: Kind;
  /** Day numbers, inclusive. */
  first: number;
  last: number;
}

/** How a report uses one month: whole in a period, or cut, with the days read and the segment its month less those days stands for. */
interface MonthUse {
  month: string;
  whole: Kind | null;
  read: Segment[];
  derived: Segment | null;
}

export interface ReportReadPlan {
  /** The months to read (`yyyy-mm`, inclusive): every month both periods touch. */
  months: { from: string; to: string };
  /** The days to read by key (`yyyy-mm-dd`): those of the cut months' shorter parts. */
  days: string[];
  uses: MonthUse[];
  /** The current period's days (the chart's), day numbers. */
  current: { first: number; last: number };
}

const lastDayOfMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return dayNumber(`${month}-01`) + new Date(Date.UTC(year, m, 0)).getUTCDate() - 1;
};

const segmentDays = (segment: Segment) => Array.from({ length: segment.last - segment.first + 1 }, (_, i) => dayOfNumber(segment.first + i));

/**
 * What a report over `previousFrom`..`from - 1` (the previous period) and `from`..`to` (the current
 * one) reads: every month from the first day's to the last's, and for each month a boundary cuts
 * (a period's start or end inside it) the days of all its parts but the longest, which is the month
 * less them.
 */
export const reportReadPlan = (previousFrom: string, from: string, to: string): ReportReadPlan => {
  const [first, boundary, last] = [dayNumber(previousFrom), dayNumber(from), dayNumber(to)];
  const uses: MonthUse[] = [];
  const days: string[] = [];
  for (let monthStart = dayNumber(`${monthOfDay(previousFrom)}-01`); monthStart <= last; ) {
    const month = monthOfDay(dayOfNumber(monthStart));
    const monthEnd = lastDayOfMonth(month);
    const segments = (
      [
        { kind: 'outside', first: monthStart, last: Math.min(monthEnd, first - 1) },
        { kind: 'previous', first: Math.max(monthStart, first), last: Math.min(monthEnd, boundary - 1) },
        { kind: 'current', first: Math.max(monthStart, boundary), last: Math.min(monthEnd, last) },
        { kind: 'outside', first: Math.max(monthStart, last + 1), last: monthEnd },
      ] satisfies Segment[]
    ).filter((segment) => segment.first <= segment.last);
    if (segments.length === 1) uses.push({ month, whole: segments[0]!.kind, read: [], derived: null });
    else {
      const longest = segments.reduce((a, b) => (b.last - b.first > a.last - a.first ? b : a));
      const read = segments.filter((segment) => segment !== longest);
      uses.push({ month, whole: null, read, derived: longest });
      for (const segment of read) days.push(...segmentDays(segment));
    }
    monthStart = monthEnd + 1;
  }
  return { months: { from: monthOfDay(previousFrom), to: monthOfDay(to) }, days, uses, current: { first: boundary, last } };
};

/** The periods' totals from what the plan read: `months` by `yyyy-mm`, `days` by `yyyy-mm-dd` (missing ones hold nothing). */
export const periodTotals = (plan: ReportReadPlan, months: ReadonlyMap<string, Counters>, days: ReadonlyMap<string, Counters>): PeriodTotals => {
  const totals: PeriodTotals = { current: {}, previous: {}, series: new Map() };
  const into = (kind: Kind) => (kind === 'outside' ? null : totals[kind]);
  for (const use of plan.uses) {
    const { totals: month, series } = splitMonth(use.month, months.get(use.month) ?? {});
    for (const [day, figures] of series) {
      const n = dayNumber(day);
      if (n >= plan.current.first && n <= plan.current.last) totals.series.set(day, figures);
    }
    if (use.whole) {
      const target = into(use.whole);
      if (target) sumCounters(target, month);
      continue;
    }
    const rest: Counters = { ...month };
    for (const segment of use.read) {
      const target = into(segment.kind);
      for (const day of segmentDays(segment)) {
        const counters = days.get(day);
        if (!counters) continue;
        if (target) sumCounters(target, counters);
        sumCounters(rest, counters, -1);
      }
    }
    const target = use.derived ? into(use.derived.kind) : null;
    if (target) sumCounters(target, rest);
  }
  return totals;
};

/** Takes `hidden` (a partition's totals the reader may not see) off `totals`, with `counters` choosing what of its counters to take. */
export const subtractTotals = (totals: PeriodTotals, hidden: PeriodTotals, counters: (c: Counters) => Counters = (c) => c): PeriodTotals => {
  sumCounters(totals.current, counters(hidden.current), -1);
  sumCounters(totals.previous, counters(hidden.previous), -1);
  for (const [day, figures] of hidden.series) {
    const seen = totals.series.get(day) ?? { invited: 0, started: 0, completed: 0 };
    for (const counter of SERIES_COUNTERS) seen[counter] -= figures[counter];
    totals.series.set(day, seen);
  }
  return totals;
};
