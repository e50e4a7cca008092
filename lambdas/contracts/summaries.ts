import * as z from 'zod/mini';

/**
 * Grounded summaries (issue 41): machine-written notes on each transcribed answer, every point citing
 * the second of the answer it comes from and the words said there, checked against the transcript
 * before they are stored. Never a score, rank or recommendation: a person decides.
 *
 * The company switches them on (off by default) and chooses whether the share page shows them; a
 * reviewer may hide them for themselves (a view preference: the server still returns them). The
 * summarising step of the media pipeline stores them (camelCase, as below) on the answer item
 * (`summary`) and the candidate item (`summaryOverview`), so a candidate's deletion and retention take
 * them; a company's monthly token usage is an item of its own, deleted with the company.
 */

/** What a stored summary is: `ready` (its points passed the check), `unavailable` (the call failed or nothing survived the check), `paused` (over the company's monthly token budget). */
export const SUMMARY_STATUSES = ['ready', 'unavailable', 'paused'] as const;
export type SummaryStatus = (typeof SUMMARY_STATUSES)[number];

/** Points per answer the model is asked for, and the overview's most lines. */
export const SUMMARY_POINTS_MIN = 2;
export const SUMMARY_POINTS_MAX = 5;
export const SUMMARY_OVERVIEW_LINES_MAX = 3;

/** A company's monthly token budget (input plus output) when the CDK configuration sets none. */
export const DEFAULT_SUMMARY_MONTHLY_TOKEN_BUDGET = 2_000_000;

/** The company's setting (company item attribute `summaries`, absent = off). */
export const summarySettingSchema = z.object({
  enabled: z.boolean({ error: 'Say whether summaries are on: true or false.' }),
  /** The public share page shows the summaries too. */
  showOnSharePage: z.boolean({ error: 'Say whether the share page shows summaries: true or false.' }),
});
export type SummarySetting = z.infer<typeof summarySettingSchema>;
export const DEFAULT_SUMMARY_SETTING: SummarySetting = Object.freeze({ enabled: false, showOnSharePage: false });

/** This month's token use of the company (UTC month `yyyy-mm`), for its owners; `paused` once the budget was reached. */
export const summariesUsageSchema = z.object({
  month: z.string(),
  inputTokens: z.int(),
  outputTokens: z.int(),
  budgetTokens: z.int(),
  paused: z.boolean(),
});
export type SummariesUsage = z.infer<typeof summariesUsageSchema>;

/** One point of an answer's summary: the second of the answer it cites, the words said there (exactly as transcribed), and the note. */
export const summaryPointSchema = z.object({
  second: z.number(),
  quote: z.string(),
  text: z.string(),
});
export type SummaryPoint = z.infer<typeof summaryPointSchema>;

/** A line of the candidate's overview: the note, and the answer (question index) and second it cites, with the quoted words. */
export const summaryOverviewLineSchema = z.object({
  text: z.string(),
  questionIndex: z.int(),
  second: z.number(),
  quote: z.string(),
});
export type SummaryOverviewLine = z.infer<typeof summaryOverviewLineSchema>;

/** An answer's summary as the team sees it (null on the wire when summaries are off or it has none yet). Always labelled machine-written. */
export const answerSummaryViewSchema = z.object({
  status: z.enum(SUMMARY_STATUSES),
  points: z.array(summaryPointSchema),
  machineWritten: z.literal(true),
});
export type AnswerSummaryView = z.infer<typeof answerSummaryViewSchema>;

/** The candidate's overview across answers as the team sees it (null when summaries are off or there is none yet). */
export const summaryOverviewViewSchema = z.object({
  status: z.enum(SUMMARY_STATUSES),
  lines: z.array(summaryOverviewLineSchema),
});
export type SummaryOverviewView = z.infer<typeof summaryOverviewViewSchema>;

/** A reviewer's own view preferences (on their user item): `hideSummaries` hides every summary for them in the app. */
export const preferencesSchema = z.object({ hideSummaries: z.boolean({ error: 'Say whether to hide summaries: true or false.' }) });
export type Preferences = z.infer<typeof preferencesSchema>;
export const DEFAULT_PREFERENCES: Preferences = Object.freeze({ hideSummaries: false });

/**
 * Stored on the answer item (attribute `summary`): what the summarising step wrote, with the points
 * dropped by the citation check, the model and the transcript it was made from.
 */
export const storedAnswerSummarySchema = z.object({
  status: z.enum(SUMMARY_STATUSES),
  points: z.array(summaryPointSchema),
  droppedPoints: z.int(),
  model: z.string(),
  /** Which transcript it was made from (a redone transcript redoes the summary). */
  transcriptVersion: z.string(),
  createdAt: z.string(),
});
export type StoredAnswerSummary = z.infer<typeof storedAnswerSummarySchema>;

/** Stored on the candidate item (attribute `summaryOverview`), redone after each of their answer summaries. */
export const storedSummaryOverviewSchema = z.object({
  status: z.enum(SUMMARY_STATUSES),
  lines: z.array(summaryOverviewLineSchema).check(z.maxLength(SUMMARY_OVERVIEW_LINES_MAX)),
  createdAt: z.string(),
});
export type StoredSummaryOverview = z.infer<typeof storedSummaryOverviewSchema>;

/** The stored usage item's attributes (keys `SUMMARY_USAGE#{companyId}` / `MONTH#{yyyy-mm}`). */
export interface StoredSummaryUsage {
  inputTokens: number;
  outputTokens: number;
  /** When the budget was first reached this month (the owners are e-mailed once); absent until then. */
  pausedAt?: string;
  /** The budget the summarising function had when it last wrote the item (the company's GET shows it). */
  budgetTokens?: number;
}

/** The UTC month a usage item counts (`yyyy-mm`). */
export const summaryMonth = (at: Date): string => at.toISOString().slice(0, 7);
