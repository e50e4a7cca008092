import * as z from 'zod/mini';

/**
 * Reports (issue 40): how a company's or a position's interview works, for a period of days in the
 * company's time zone, beside the period of the same length just before it.
 *
 * The figures are of a cohort: the candidates invited on the period's days (in the company's time
 * zone), and how far each of them has got by now. So every step of the funnel is at most the one
 * before it, and a period's figures go on growing while its candidates answer and are reviewed.
 * Previews are not counted; a deleted candidate stays in the counts, anonymously (the aggregates
 * hold numbers only). Counted from per-day aggregates (data/reports.ts), never from candidates.
 */
export { DURATION_STEPS_SECONDS, REPORT_FUNNEL_STEPS, REPORT_MAX_DAYS, REPORT_PERIOD_DAYS, type ReportFunnelStep } from './report-constants';

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.'));

export const reportQuery = z.object({
  /** The period's first and last day (inclusive), in the company's time zone. */
  from: isoDate,
  to: isoDate,
});

const count = z.number().check(z.int(), z.nonnegative());

export const durationFiguresSchema = z.object({
  /** How many durations were counted (candidates who completed, or were reviewed). */
  count,
  /** The step (its upper bound in seconds, DURATION_STEPS_SECONDS) half of them are within; null when none. Longer than the last step: null too, with `longer` counting them. */
  medianSeconds: z.nullable(z.number()),
  p90Seconds: z.nullable(z.number()),
});

export const reportFiguresSchema = z.object({
  funnel: z.object({
    invited: count,
    /** Opened their interview link. */
    opened: count,
    /** Started recording (or answering) their first question. */
    started: count,
    completed: count,
    /** Opened by a member of the team for the first time (or moved on unopened). */
    reviewed: count,
    /** Shortlisted or rejected now. */
    shortlisted: count,
    rejected: count,
  }),
  /** completed / invited, 0..1; null when nobody was invited. */
  completionRate: z.nullable(z.number()),
  /** From the first start to completion. */
  timeToComplete: durationFiguresSchema,
  /** From completion to the first opening by a member. */
  timeToFirstReview: durationFiguresSchema,
  /** Where candidates started: a phone (or tablet) or a desktop browser. */
  devices: z.object({ phone: count, desktop: count }),
  /** How recorded answers were recorded: in the browser, or streamed live (IVS). */
  recorderPaths: z.object({ browser: count, live: count }),
});

export const reportDaySchema = z.object({ date: z.string(), invited: count, started: count, completed: count });

export const reportQuestionSchema = z.object({
  index: z.number(),
  title: z.string(),
  /** Candidates who got to the question (started a take, or answered it). */
  reached: count,
  answered: count,
  /** Takes after the first. */
  retakes: count,
});

export const reportSchema = z.object({
  timeZone: z.string(),
  /** The position reported on, or null for the company (the positions the member has access to). */
  position: z.nullable(z.object({ positionId: z.string(), jobTitle: z.string() })),
  period: z.object({ from: z.string(), to: z.string(), days: z.number() }),
  previousPeriod: z.object({ from: z.string(), to: z.string() }),
  current: reportFiguresSchema,
  previous: reportFiguresSchema,
  /** The current period day by day (every day, zeros included). */
  days: z.array(reportDaySchema),
  /** A position's questions with their drop-off in the current period; empty for a company report. */
  questions: z.array(reportQuestionSchema),
});

export type Report = z.infer<typeof reportSchema>;
export type ReportFigures = z.infer<typeof reportFiguresSchema>;
