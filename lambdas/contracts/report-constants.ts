/**
 * The reports' constants as plain data (issue 40): the SPA's Reports chunk reads them without
 * loading zod (lambdas/contracts/reports.ts, the schemas, re-exports them).
 */
export const REPORT_FUNNEL_STEPS = ['invited', 'opened', 'started', 'completed', 'reviewed', 'shortlisted', 'rejected'] as const;
export type ReportFunnelStep = (typeof REPORT_FUNNEL_STEPS)[number];

/** The periods the Reports screen offers, in days (custom periods take any `from`..`to`). */
export const REPORT_PERIOD_DAYS = [7, 30, 90] as const;
/** The longest period a report reads (its previous period as long again). */
export const REPORT_MAX_DAYS = 366;

/**
 * Durations are counted in steps (their upper bounds, in seconds), so a day's aggregate is a few
 * counters and a percentile is the step it falls in: a median of 5400 means "within 1 h 30 min".
 */
export const DURATION_STEPS_SECONDS = [
  60, 120, 300, 600, 900, 1200, 1800, 2700, 3600, 5400, 7200, 10_800, 14_400, 21_600, 28_800, 43_200, 64_800, 86_400, 129_600, 172_800, 259_200,
  345_600, 432_000, 604_800, 864_000, 1_209_600, 1_814_400, 2_592_000, 3_888_000, 5_184_000, 7_776_000,
] as const;
