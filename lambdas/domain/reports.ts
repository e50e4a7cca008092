import { DURATION_STEPS_SECONDS, REPORT_MAX_DAYS, type Report, type ReportFigures } from '../contracts/reports';
import type { AnswerType, CandidateStatus } from '../contracts/vocabulary';

/**
 * Reports (issue 40), the pure part. What one candidate adds to the per-day aggregates is a function
 * of the candidate alone (`candidateContribution`): the stream's function adds what a change made
 * (the new item's contribution less the old one's), the back-fill a whole candidate. Counters are
 * flat numbers, so a day's item (and its month's, report-months.ts) is ADD-ed to and a report sums them.
 */
export type Counters = Record<string, number>;

export type Device = 'phone' | 'desktop';

/** What of a candidate item the reports read. */
export interface ReportCandidateView {
  companyId: string;
  positionId: string;
  preview: boolean;
  /** Counted by the stream: set at invite, or by the back-fill that counted the candidate. */
  reportCounted: boolean;
  createdAt: string;
  openedAt: string | null;
  startedAt: string | null;
  startedOn: Device | null;
  completedAt: string | null;
  reviewedAt: string | null;
  currentStatus: CandidateStatus;
  answeredCount: number;
  /** Takes started per question (`q{index}`). */
  attempts: Record<string, number>;
  answers: Record<string, { answerType?: AnswerType; recorder?: 'live' }>;
}

/** A user agent's device: phones and tablets are `phone` (the figure asks whether candidates answer on a handheld). */
export const deviceOf = (userAgent: string | undefined): Device =>
  /Mobi|Android|iPhone|iPad|iPod|Tablet|Silk|Kindle/i.test(userAgent ?? '') ? 'phone' : 'desktop';

/** The step of DURATION_STEPS_SECONDS a duration falls in (its length for a longer one). */
export const durationStep = (seconds: number): number => {
  const index = DURATION_STEPS_SECONDS.findIndex((limit) => seconds <= limit);
  return index < 0 ? DURATION_STEPS_SECONDS.length : index;
};

const secondsBetween = (from: string, to: string) => Math.max(0, (Date.parse(to) - Date.parse(from)) / 1000);

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export const dayIn = (iso: string, timeZone: string): string => {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
};

/** Whether `timeZone` is an IANA zone this runtime knows. */
export const isTimeZone = (timeZone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
};

const recorded = (answerType: AnswerType | undefined) => answerType === undefined || answerType === 'video' || answerType === 'audio';

/**
 * What the candidate adds: `day` is their invite day in the company's time zone; `company` the
 * counters of the company's day, `position` those of the position's day (the same, with drop-off per
 * question). Null for a preview (a member's practice run is never counted).
 */
export const candidateContribution = (view: ReportCandidateView, timeZone: string): { day: string; company: Counters; position: Counters } | null => {
  if (view.preview) return null;
  const c: Counters = { invited: 1 };
  const answered = Object.values(view.answers);
  const started = view.startedAt !== null || answered.length > 0 || Object.values(view.attempts).some((n) => n > 0);
  if (view.openedAt !== null || started) c.opened = 1;
  if (started) c.started = 1;
  if (view.startedOn) c[view.startedOn] = 1;
  if (view.completedAt !== null) {
    c.completed = 1;
    const from = view.startedAt ?? view.openedAt;
    if (from) c[`ttc_${durationStep(secondsBetween(from, view.completedAt))}`] = 1;
    if (view.reviewedAt !== null) {
      c.reviewed = 1;
      c[`ttr_${durationStep(secondsBetween(view.completedAt, view.reviewedAt))}`] = 1;
    }
  }
  if (view.currentStatus === 'shortlisted') c.shortlisted = 1;
  if (view.currentStatus === 'rejected') c.rejected = 1;
  for (const answer of answered) {
    if (!recorded(answer.answerType)) continue;
    const path = answer.recorder === 'live' ? 'live' : 'browser';
    c[path] = (c[path] ?? 0) + 1;
  }
  const position: Counters = { ...c };
  const questions = new Set([...Object.keys(view.attempts), ...Object.keys(view.answers)]);
  for (const q of questions) {
    const takes = view.attempts[q] ?? 0;
    const answeredIt = q in view.answers;
    if (takes === 0 && !answeredIt) continue;
    position[`${q}_reached`] = 1;
    if (answeredIt) position[`${q}_answered`] = 1;
    if (takes > 1) position[`${q}_retakes`] = takes - 1;
  }
  return { day: dayIn(view.createdAt, timeZone), company: c, position };
};

/** `after` less `before`, without the counters that did not move. */
export const counterChange = (before: Counters, after: Counters): Counters => {
  const change: Counters = {};
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const delta = (after[name] ?? 0) - (before[name] ?? 0);
    if (delta !== 0) change[name] = delta;
  }
  return change;
};

/** What one change adds to one day's items of the company and the position. */
export interface DayChange {
  day: string;
  company: Counters;
  position: Counters;
}

/**
 * What a change of the candidate item adds, day by day: one day mostly; two when the change moved
 * their invite (a reinvite or a corrected address renews it), which takes them off the old day and
 * onto the new. Empty when nothing moved, or the candidate is not counted.
 */
export const contributionChange = (before: ReportCandidateView | null, after: ReportCandidateView | null, timeZone: string): DayChange[] => {
  // Deleted: their counts stay, anonymous. Not counted yet (before the back-fill reached them), or the
  // back-fill's own write (it added the candidate in the same transaction): nothing.
  if (!after || !after.reportCounted) return [];
  if (before && !before.reportCounted) return [];
  const now = candidateContribution(after, timeZone);
  const was = before ? candidateContribution(before, timeZone) : null;
  if (!now) return [];
  const changes: DayChange[] =
    was && was.day !== now.day
      ? [
          { day: was.day, company: counterChange(was.company, {}), position: counterChange(was.position, {}) },
          { day: now.day, company: now.company, position: now.position },
        ]
      : [{ day: now.day, company: counterChange(was?.company ?? {}, now.company), position: counterChange(was?.position ?? {}, now.position) }];
  return changes.filter((change) => Object.keys(change.company).length > 0 || Object.keys(change.position).length > 0);
};

export const sumCounters = (into: Counters, add: Counters, sign = 1): Counters => {
  for (const [name, n] of Object.entries(add)) into[name] = (into[name] ?? 0) + sign * n;
  return into;
};

// ---- Periods -------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
/** A `yyyy-mm-dd` as a count of days (the calendar's, no time zone), and back. */
export const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
export const dayOfNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export class PeriodRefused extends Error {}

/** A period `from`..`to` (inclusive) and the one of the same length just before it. */
export const reportPeriods = (from: string, to: string) => {
  const first = dayNumber(from);
  const last = dayNumber(to);
  if (!Number.isFinite(first) || !Number.isFinite(last) || dayOfNumber(first) !== from || dayOfNumber(last) !== to)
    throw new PeriodRefused('Enter real dates as YYYY-MM-DD.');
  if (last < first) throw new PeriodRefused('The period must end on or after its first day.');
  const days = last - first + 1;
  if (days > REPORT_MAX_DAYS) throw new PeriodRefused(`A report covers at most ${REPORT_MAX_DAYS} days.`);
  return {
    period: { from, to, days },
    previousPeriod: { from: dayOfNumber(first - days), to: dayOfNumber(first - 1) },
    everyDay: Array.from({ length: days }, (_, i) => dayOfNumber(first + i)),
  };
};

// ---- Figures -------------------------------------------------------------------------------

const percentile = (steps: number[], p: number): number | null => {
  const total = steps.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  // The nearest-rank percentile: the smallest step holding at least p of the durations.
  const rank = Math.ceil(p * total);
  let seen = 0;
  for (let i = 0; i < steps.length; i++) {
    seen += steps[i]!;
    if (seen >= rank) return i < DURATION_STEPS_SECONDS.length ? DURATION_STEPS_SECONDS[i]! : null;
  }
  return null;
};

const durations = (counters: Counters, prefix: 'ttc' | 'ttr') => {
  const steps = Array.from({ length: DURATION_STEPS_SECONDS.length + 1 }, (_, i) => counters[`${prefix}_${i}`] ?? 0);
  return { count: steps.reduce((a, b) => a + b, 0), medianSeconds: percentile(steps, 0.5), p90Seconds: percentile(steps, 0.9) };
};

const n = (counters: Counters, name: string) => Math.max(0, counters[name] ?? 0);

export const reportFigures = (counters: Counters): ReportFigures => ({
  funnel: {
    invited: n(counters, 'invited'),
    opened: n(counters, 'opened'),
    started: n(counters, 'started'),
    completed: n(counters, 'completed'),
    reviewed: n(counters, 'reviewed'),
    shortlisted: n(counters, 'shortlisted'),
    rejected: n(counters, 'rejected'),
  },
  completionRate: n(counters, 'invited') > 0 ? n(counters, 'completed') / n(counters, 'invited') : null,
  timeToComplete: durations(counters, 'ttc'),
  timeToFirstReview: durations(counters, 'ttr'),
  devices: { phone: n(counters, 'phone'), desktop: n(counters, 'desktop') },
  recorderPaths: { browser: n(counters, 'browser'), live: n(counters, 'live') },
});

/** One day of the days chart: its invited, started and completed (report-months.ts keeps them on the month). */
export interface DaySeries {
  invited: number;
  started: number;
  completed: number;
}

/** Both periods' counters and the current period's days series: what a report is built from (report-months.ts `periodTotals`). */
export interface PeriodTotals {
  current: Counters;
  previous: Counters;
  /** Every day of the current period with data. */
  series: Map<string, DaySeries>;
}

/**
 * The report from the periods' totals (report-months.ts `periodTotals`: the partition's, less what
 * the member may not see) and the current period's days; `questions` the position's titles (none for a company).
 */
export const buildReport = (input: {
  timeZone: string;
  from: string;
  to: string;
  totals: PeriodTotals;
  position: { positionId: string; jobTitle: string; questionTitles: readonly string[] } | null;
}): Report => {
  const { period, previousPeriod, everyDay } = reportPeriods(input.from, input.to);
  const { current, previous, series } = input.totals;
  const questionCount = input.position
    ? Math.max(
        input.position.questionTitles.length,
        ...Object.keys(current).map((name) => (/^q(\d+)_/.exec(name) ? Number(/^q(\d+)_/.exec(name)![1]) + 1 : 0)),
      )
    : 0;
  return {
    timeZone: input.timeZone,
    position: input.position ? { positionId: input.position.positionId, jobTitle: input.position.jobTitle } : null,
    period,
    previousPeriod,
    current: reportFigures(current),
    previous: reportFigures(previous),
    days: everyDay.map((date) => {
      const figures = series.get(date);
      return { date, invited: Math.max(0, figures?.invited ?? 0), started: Math.max(0, figures?.started ?? 0), completed: Math.max(0, figures?.completed ?? 0) };
    }),
    questions: Array.from({ length: questionCount }, (_, index) => ({
      index,
      title: input.position!.questionTitles[index] ?? `Question ${index + 1} (no longer asked)`,
      reached: n(current, `q${index}_reached`),
      answered: n(current, `q${index}_answered`),
      retakes: n(current, `q${index}_retakes`),
    })),
  };
};
