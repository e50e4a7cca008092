import { describe, expect, it } from 'vitest';
import { DEFAULT_SUMMARY_MONTHLY_TOKEN_BUDGET, type StoredAnswerSummary, type StoredSummaryOverview } from '../../lambdas/contracts/summaries';
import {
  answerSummaryView,
  candidateSummaryCell,
  minutesSeconds,
  overviewView,
  preferencesOf,
  storedAnswerSummaryOf,
  storedSummaryOverviewOf,
  storedUsageOf,
  summaryCell,
  summarySettingOf,
  usageView,
} from '../../lambdas/domain/summary-views';

const stored: StoredAnswerSummary = {
  status: 'ready',
  points: [
    { second: 4.2, quote: 'I led a team of five', text: 'Led a team of five.' },
    { second: 75.9, quote: 'we shipped in March', text: 'Shipped the app in March.' },
  ],
  droppedPoints: 1,
  model: 'amazon.nova-micro-v1:0',
  transcriptVersion: 'v1',
  createdAt: '2026-12-02T10:00:00.000Z',
};
const overview: StoredSummaryOverview = {
  status: 'ready',
  lines: [{ text: 'Led a team.', questionIndex: 0, second: 4.2, quote: 'I led a team of five' }],
  createdAt: '2026-12-02T10:00:00.000Z',
};
const on = { enabled: true, showOnSharePage: false };
const onAndShared = { enabled: true, showOnSharePage: true };
const off = { enabled: false, showOnSharePage: true };

describe('stored shapes, read defensively', () => {
  it('reads the company setting, off when absent or malformed', () => {
    expect(summarySettingOf(undefined)).toEqual({ enabled: false, showOnSharePage: false });
    expect(summarySettingOf({ enabled: 'yes' })).toEqual({ enabled: false, showOnSharePage: false });
    expect(summarySettingOf({ enabled: true, showOnSharePage: false, extra: 1 })).toEqual(on);
  });

  it('reads the preferences, the defaults when absent', () => {
    expect(preferencesOf(undefined)).toEqual({ hideSummaries: false });
    expect(preferencesOf({ hideSummaries: true })).toEqual({ hideSummaries: true });
  });

  it('reads a stored summary and overview, none for what does not parse', () => {
    expect(storedAnswerSummaryOf(stored)).toEqual(stored);
    expect(storedAnswerSummaryOf(undefined)).toBeNull();
    expect(storedAnswerSummaryOf({ status: 'great', points: [] })).toBeNull();
    expect(storedSummaryOverviewOf(overview)).toEqual(overview);
    expect(storedSummaryOverviewOf({ ...overview, lines: [...overview.lines, ...overview.lines, ...overview.lines, ...overview.lines] })).toBeNull();
  });

  it('reads a usage item: counts, pausedAt and the budget the function wrote', () => {
    expect(storedUsageOf(undefined)).toBeNull();
    expect(storedUsageOf({ inputTokens: 120, outputTokens: 'x' })).toEqual({ inputTokens: 120, outputTokens: 0 });
    expect(storedUsageOf({ inputTokens: 1, outputTokens: 2, pausedAt: 't', budgetTokens: 500 })).toEqual({
      inputTokens: 1,
      outputTokens: 2,
      pausedAt: 't',
      budgetTokens: 500,
    });
  });
});

describe('views', () => {
  it("shows an answer's summary to the team while summaries are on, labelled machine-written, without what is stored for the pipeline", () => {
    expect(answerSummaryView(stored, on, 'team')).toEqual({
      status: 'ready',
      points: stored.points,
      machineWritten: true,
    });
    expect(answerSummaryView(null, on, 'team')).toBeNull();
  });

  it('hides every summary while the company has them off', () => {
    expect(answerSummaryView(stored, off, 'team')).toBeNull();
    expect(answerSummaryView(stored, off, 'share')).toBeNull();
    expect(overviewView(overview, off, 'team')).toBeNull();
  });

  it('shows them on the share page only while the company allows it', () => {
    expect(answerSummaryView(stored, on, 'share')).toBeNull();
    expect(overviewView(overview, on, 'share')).toBeNull();
    expect(answerSummaryView(stored, onAndShared, 'share')?.points).toHaveLength(2);
    expect(overviewView(overview, onAndShared, 'share')).toEqual({ status: 'ready', lines: overview.lines });
  });

  it('gives an unavailable or paused summary without points', () => {
    expect(answerSummaryView({ ...stored, status: 'paused' }, on, 'team')).toEqual({ status: 'paused', points: [], machineWritten: true });
    expect(overviewView({ ...overview, status: 'unavailable' }, on, 'team')).toEqual({ status: 'unavailable', lines: [] });
  });

  it("gives this month's usage with the default budget until the function wrote one, paused once reached", () => {
    expect(usageView('2026-12', null)).toEqual({
      month: '2026-12',
      inputTokens: 0,
      outputTokens: 0,
      budgetTokens: DEFAULT_SUMMARY_MONTHLY_TOKEN_BUDGET,
      paused: false,
    });
    expect(usageView('2026-12', { inputTokens: 10, outputTokens: 5, budgetTokens: 100 }).paused).toBe(false);
    expect(usageView('2026-12', { inputTokens: 90, outputTokens: 10, budgetTokens: 100 }).paused).toBe(true);
    expect(usageView('2026-12', { inputTokens: 1, outputTokens: 1, pausedAt: '2026-12-01T00:00:00Z' }).paused).toBe(true);
  });
});

describe('the export cell', () => {
  it('writes seconds as m:ss', () => {
    expect(minutesSeconds(4.2)).toBe('0:04');
    expect(minutesSeconds(75.9)).toBe('1:15');
    expect(minutesSeconds(-1)).toBe('0:00');
  });

  it('joins the points of an answer with " | " and the answers line by line in question order, ready ones only', () => {
    expect(summaryCell(stored.points)).toBe('[0:04] Led a team of five. | [1:15] Shipped the app in March.');
    const cell = candidateSummaryCell(
      new Map<number, Pick<StoredAnswerSummary, 'status' | 'points'>>([
        [2, { status: 'ready' as const, points: [{ second: 1, quote: 'q', text: 'Prefers Go.' }] }],
        [0, stored],
        [1, { status: 'unavailable' as const, points: [] }],
      ]),
    );
    expect(cell).toBe('Q1: [0:04] Led a team of five. | [1:15] Shipped the app in March.\nQ3: [0:01] Prefers Go.');
    expect(candidateSummaryCell(undefined)).toBe('');
  });
});
