import type { Report, ReportFigures } from '../../../../lambdas/contracts/reports';
import { previousPeriodWords } from './period';

/** The report's figures in words (issue 40): counts, rates, durations and their change on the previous period. */

export const NO_CANDIDATES = 'no candidates';

const count = (n: number) => n.toLocaleString('en');

/** A share 0..1 as a whole percentage: "62%"; null (nobody to divide by): "–". */
export const formatRate = (rate: number | null): string => (rate === null ? '–' : `${Math.round(rate * 100)}%`);

/** `part / whole` as a rate, null when `whole` is 0. */
export const rate = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/**
 * A duration step's upper bound in words: 60 → "1 min", 5400 → "1 h 30 min", 129600 → "1 day 12 h",
 * 604800 → "7 days".
 */
export const formatDuration = (seconds: number): string => {
  const minutes = Math.round(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return [`${days} ${days === 1 ? 'day' : 'days'}`, hours ? `${hours} h` : ''].filter(Boolean).join(' ');
  if (hours > 0) return [`${hours} h`, rest ? `${rest} min` : ''].filter(Boolean).join(' ');
  return `${Math.max(minutes, 1)} min`;
};

/** A percentile of the report (a step's upper bound): "within 1 h 30 min"; past the last step: "longer than 90 days". */
export const withinWords = (seconds: number | null, counted: number, longest: number): string => {
  if (counted === 0) return NO_CANDIDATES;
  return seconds === null ? `longer than ${formatDuration(longest)}` : `within ${formatDuration(seconds)}`;
};

/**
 * A count beside the previous period's: "+12% on the previous 30 days", "−5% on …", "same as …";
 * none before: "none in the previous 30 days"; nothing in either: "no candidates".
 */
export const countChange = (current: number, previous: number, days: number): string => {
  const period = previousPeriodWords(days);
  if (current === 0 && previous === 0) return NO_CANDIDATES;
  if (previous === 0) return `none in ${period}`;
  const change = Math.round(((current - previous) / previous) * 100);
  if (change === 0) return `same as ${period}`;
  return `${change > 0 ? '+' : '−'}${Math.abs(change)}% on ${period}`;
};

/** A rate beside the previous period's, in percentage points: "+12 points on the previous 30 days". */
export const rateChange = (current: number | null, previous: number | null, days: number): string => {
  const period = previousPeriodWords(days);
  if (current === null && previous === null) return NO_CANDIDATES;
  if (previous === null) return `no candidates in ${period}`;
  if (current === null) return `${formatRate(previous)} in ${period}`;
  const points = Math.round(current * 100) - Math.round(previous * 100);
  if (points === 0) return `same as ${period}`;
  return `${points > 0 ? '+' : '−'}${Math.abs(points)} ${Math.abs(points) === 1 ? 'point' : 'points'} on ${period}`;
};

/** A duration percentile beside the previous period's: "within 2 h in the previous 30 days". */
export const durationChange = (previous: ReportFigures['timeToComplete'], which: 'medianSeconds' | 'p90Seconds', days: number, longest: number) =>
  previous.count === 0
    ? `no candidates in ${previousPeriodWords(days)}`
    : `${withinWords(previous[which], previous.count, longest)} in ${previousPeriodWords(days)}`;

export const FUNNEL_LABELS = {
  invited: 'Invited',
  opened: 'Opened',
  started: 'Started',
  completed: 'Completed',
  reviewed: 'Reviewed',
  shortlisted: 'Shortlisted',
  rejected: 'Rejected',
} as const;

type Step = keyof typeof FUNNEL_LABELS;
/** Each step of the funnel and the one its conversion is counted from (shortlisted and rejected: both from reviewed). */
const FROM: Record<Step, Step | null> = {
  invited: null,
  opened: 'invited',
  started: 'opened',
  completed: 'started',
  reviewed: 'completed',
  shortlisted: 'reviewed',
  rejected: 'reviewed',
};

export interface FunnelRow {
  step: Step;
  label: string;
  count: number;
  /** The share of the step before that got here; null for the first step or an empty step before. */
  conversion: number | null;
  previous: number;
}

export const funnelRows = (report: Pick<Report, 'current' | 'previous'>): FunnelRow[] =>
  (Object.keys(FUNNEL_LABELS) as Step[]).map((step) => {
    const from = FROM[step];
    const n = report.current.funnel[step];
    return {
      step,
      label: FUNNEL_LABELS[step],
      count: n,
      conversion: from ? rate(n, report.current.funnel[from]) : null,
      previous: report.previous.funnel[step],
    };
  });

/** The step a conversion is counted from, in words: "of opened". */
export const conversionWords = (row: FunnelRow): string => {
  const from = FROM[row.step];
  return from ? `${formatRate(row.conversion)} of ${FUNNEL_LABELS[from].toLowerCase()}` : '';
};

export { count as formatCount };
