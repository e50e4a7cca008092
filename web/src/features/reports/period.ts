import type { ReportPeriodChoice } from '../../../../lambdas/contracts/app-paths';
import { REPORT_MAX_DAYS, REPORT_PERIOD_DAYS } from '../../../../lambdas/contracts/report-constants';

/**
 * The Reports screen's period (issue 40): the last 7, 30 or 90 days up to today, or custom days,
 * all in the company's time zone (the days the aggregates are kept by). Dates are YYYY-MM-DD.
 */
export const DEFAULT_PERIOD = 30 satisfies ReportPeriodChoice;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Whether `value` is a real calendar date written YYYY-MM-DD (not 2026-02-30). */
export const isIsoDate = (value: string | null | undefined): value is string =>
  !!value && ISO_DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** Today's date in `timeZone` (IANA), e.g. "2026-12-02". An unknown zone reads as UTC. */
export const todayIn = (timeZone: string, now: Date = new Date()): string => {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
};

/** The date `days` after `date` (before it when negative). */
export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** How many days `from`..`to` holds, both included. */
export const daysIn = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** The period named by the screen's search params: `period` (7, 30, 90 or custom; 30 otherwise). */
export const periodChoice = (value: string | null): ReportPeriodChoice => {
  if (value === 'custom') return 'custom';
  const days = Number(value);
  return (REPORT_PERIOD_DAYS as readonly number[]).includes(days) ? (days as ReportPeriodChoice) : DEFAULT_PERIOD;
};

export type ResolvedPeriod = { from: string; to: string; problem?: undefined } | { from?: undefined; to?: undefined; problem: string };

export const periodProblems = {
  missing: 'Enter both dates of the period.',
  order: 'The first day must be on or before the last day.',
  tooLong: `A period is at most ${REPORT_MAX_DAYS} days.`,
} as const;

/**
 * The days to report on: the last N days up to today in the company's time zone, or the custom
 * `from`..`to` (checked: both real dates, in order, at most REPORT_MAX_DAYS days).
 */
export const resolvePeriod = (
  choice: ReportPeriodChoice,
  custom: { from: string | null; to: string | null },
  timeZone: string,
  now: Date = new Date(),
): ResolvedPeriod => {
  if (choice !== 'custom') {
    const to = todayIn(timeZone, now);
    return { from: addDays(to, 1 - choice), to };
  }
  const { from, to } = custom;
  if (!isIsoDate(from) || !isIsoDate(to)) return { problem: periodProblems.missing };
  if (from > to) return { problem: periodProblems.order };
  if (daysIn(from, to) > REPORT_MAX_DAYS) return { problem: periodProblems.tooLong };
  return { from, to };
};

/** The label of a period choice in the picker. */
export const periodLabel = (choice: ReportPeriodChoice): string => (choice === 'custom' ? 'Custom' : `Last ${choice} days`);

/** The previous period in words: "the previous 30 days". */
export const previousPeriodWords = (days: number): string => (days === 1 ? 'the previous day' : `the previous ${days} days`);

/** A date of the report as the screen shows it: "2 Dec 2026". */
export const formatDay = (date: string): string =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** A short day for a chart's axis: "2 Dec". */
export const formatShortDay = (date: string): string =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** A range of days: "3 Nov 2026 – 2 Dec 2026" (one day: "2 Dec 2026"). */
export const formatRange = (from: string, to: string): string => (from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`);
