import {
  DEFAULT_PREFERENCES,
  DEFAULT_SUMMARY_MONTHLY_TOKEN_BUDGET,
  DEFAULT_SUMMARY_SETTING,
  preferencesSchema,
  storedAnswerSummarySchema,
  storedSummaryOverviewSchema,
  summarySettingSchema,
  type AnswerSummaryView,
  type Preferences,
  type StoredAnswerSummary,
  type StoredSummaryOverview,
  type StoredSummaryUsage,
  type SummariesUsage,
  type SummaryOverviewView,
  type SummaryPoint,
  type SummarySetting,
} from '../contracts/summaries';

/**
 * How stored summaries (issue 41) reach the wire, pure: what the items hold read defensively (an
 * item written by an older or a broken step is none rather than a 500), and the views the company's
 * setting allows. Switching summaries off hides them at once everywhere, since every view goes
 * through `answerSummaryView`/`overviewView` with the setting read in the same request; switching
 * them on again shows what was stored.
 */

/** The company item's `summaries` attribute; absent or malformed: off. */
export const summarySettingOf = (stored: unknown): SummarySetting => {
  const parsed = summarySettingSchema.safeParse(stored);
  return parsed.success ? { enabled: parsed.data.enabled, showOnSharePage: parsed.data.showOnSharePage } : { ...DEFAULT_SUMMARY_SETTING };
};

/** The user item's `preferences` attribute; absent or malformed: the defaults. */
export const preferencesOf = (stored: unknown): Preferences => {
  const parsed = preferencesSchema.safeParse(stored);
  return parsed.success ? { hideSummaries: parsed.data.hideSummaries } : { ...DEFAULT_PREFERENCES };
};

/** The answer item's `summary` attribute, or null when it has none (or one that does not parse). */
export const storedAnswerSummaryOf = (stored: unknown): StoredAnswerSummary | null => {
  if (stored === undefined || stored === null) return null;
  const parsed = storedAnswerSummarySchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
};

/** The candidate item's `summaryOverview` attribute, or null. */
export const storedSummaryOverviewOf = (stored: unknown): StoredSummaryOverview | null => {
  if (stored === undefined || stored === null) return null;
  const parsed = storedSummaryOverviewSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
};

/** Where a view is shown: the team's pages, or the public share page. */
export type SummaryAudience = 'team' | 'share';

/** Whether the company's setting lets the audience see summaries. */
export const summariesVisible = (setting: SummarySetting, audience: SummaryAudience): boolean =>
  setting.enabled && (audience === 'team' || setting.showOnSharePage);

/** An answer's summary on the wire: null while the audience may not see summaries or there is none. Only the points that passed the check are stored, so all of them are shown. */
export const answerSummaryView = (
  stored: StoredAnswerSummary | null,
  setting: SummarySetting,
  audience: SummaryAudience,
): AnswerSummaryView | null => {
  if (!stored || !summariesVisible(setting, audience)) return null;
  return {
    status: stored.status,
    points: stored.status === 'ready' ? stored.points.map(({ second, quote, text }) => ({ second, quote, text })) : [],
    machineWritten: true,
  };
};

/** The candidate's overview on the wire: null while the audience may not see summaries or there is none. */
export const overviewView = (
  stored: StoredSummaryOverview | null,
  setting: SummarySetting,
  audience: SummaryAudience,
): SummaryOverviewView | null => {
  if (!stored || !summariesVisible(setting, audience)) return null;
  return {
    status: stored.status,
    lines:
      stored.status === 'ready' ? stored.lines.map(({ text, questionIndex, second, quote }) => ({ text, questionIndex, second, quote })) : [],
  };
};

/** A usage item's attributes as stored, read defensively (absent: nothing used yet). */
export const storedUsageOf = (item: Record<string, unknown> | null | undefined): StoredSummaryUsage | null => {
  if (!item) return null;
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);
  return {
    inputTokens: count(item.inputTokens),
    outputTokens: count(item.outputTokens),
    ...(typeof item.pausedAt === 'string' ? { pausedAt: item.pausedAt } : {}),
    ...(typeof item.budgetTokens === 'number' && item.budgetTokens > 0 ? { budgetTokens: Math.floor(item.budgetTokens) } : {}),
  };
};

/**
 * This month's usage as the company's owners see it. The budget is the one the summarising function
 * last wrote on the month's item (the function's configuration is its own), the default until it
 * wrote one; paused once the budget was reached (its `pausedAt`) or the tokens reached it.
 */
export const usageView = (month: string, stored: StoredSummaryUsage | null): SummariesUsage => {
  const inputTokens = stored?.inputTokens ?? 0;
  const outputTokens = stored?.outputTokens ?? 0;
  const budgetTokens = stored?.budgetTokens ?? DEFAULT_SUMMARY_MONTHLY_TOKEN_BUDGET;
  return {
    month,
    inputTokens,
    outputTokens,
    budgetTokens,
    paused: stored?.pausedAt !== undefined || inputTokens + outputTokens >= budgetTokens,
  };
};

/** `75.4` → `1:15`: a point's second as the export and the SPA write it. */
export const minutesSeconds = (second: number): string => {
  const whole = Math.max(0, Math.floor(second));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** An answer's points as one CSV cell: "[m:ss] text" joined with " | " (empty when there are none). */
export const summaryCell = (points: readonly Pick<SummaryPoint, 'second' | 'text'>[]): string =>
  points.map((point) => `[${minutesSeconds(point.second)}] ${point.text}`).join(' | ');

/**
 * A candidate's summaries as the export's one `summary` cell: each summarised answer with ready
 * points on a line of its own, "Q<n>: " and its points as `summaryCell` writes them, in question
 * order; empty when none has any.
 */
export const candidateSummaryCell = (summaries: ReadonlyMap<number, Pick<StoredAnswerSummary, 'status' | 'points'>> | undefined): string =>
  [...(summaries ?? new Map<number, Pick<StoredAnswerSummary, 'status' | 'points'>>()).entries()]
    .filter(([, summary]) => summary.status === 'ready' && summary.points.length > 0)
    .sort(([a], [b]) => a - b)
    .map(([index, summary]) => `Q${index + 1}: ${summaryCell(summary.points)}`)
    .join('\n');
