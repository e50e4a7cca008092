import Papa from 'papaparse';
import { FORMULA_START } from '../../../../lambdas/contracts/spreadsheet';
import { DURATION_STEPS_SECONDS } from '../../../../lambdas/contracts/report-constants';
import type { Report } from '../../../../lambdas/contracts/reports';
import { formatRate, funnelRows, withinWords } from './figures';
import { formatDay } from './period';

/**
 * What each chart of the Reports screen draws, as rows: the same rows make its table (the chart's
 * text alternative) and its CSV download, so the two never say different things.
 */
export interface Dataset {
  /** What the file is named after: "Funnel", "Drop-off per question". */
  name: string;
  columns: string[];
  rows: (string | number)[][];
}

const LONGEST = DURATION_STEPS_SECONDS[DURATION_STEPS_SECONDS.length - 1]!;

export const funnelDataset = (report: Report): Dataset => ({
  name: 'Funnel',
  columns: ['Step', 'Candidates', 'Of the step before', 'Previous period'],
  rows: funnelRows(report).map((row) => [row.label, row.count, row.step === 'invited' ? '' : formatRate(row.conversion), row.previous]),
});

export const daysDataset = (report: Report): Dataset => ({
  name: 'Day by day',
  columns: ['Day', 'Invited', 'Started', 'Completed'],
  rows: report.days.map((day) => [day.date, day.invited, day.started, day.completed]),
});

/** A question's label in tables and on the chart's axis: "Q1 Tell us about you". */
export const questionLabel = (question: Report['questions'][number]) => `Q${question.index + 1}${question.title ? ` ${question.title}` : ''}`;

export const dropOffDataset = (report: Report): Dataset => ({
  name: 'Drop-off per question',
  columns: ['Question', 'Reached', 'Answered', 'Gave up'],
  rows: report.questions.map((q) => [questionLabel(q), q.reached, q.answered, Math.max(q.reached - q.answered, 0)]),
});

export const retakesDataset = (report: Report): Dataset => ({
  name: 'Retakes per question',
  columns: ['Question', 'Retakes', 'Answered'],
  rows: report.questions.map((q) => [questionLabel(q), q.retakes, q.answered]),
});

export const devicesDataset = (report: Report): Dataset => ({
  name: 'Devices',
  columns: ['Device', 'Candidates', 'Previous period'],
  rows: [
    ['Phone', report.current.devices.phone, report.previous.devices.phone],
    ['Desktop', report.current.devices.desktop, report.previous.devices.desktop],
  ],
});

export const recorderPathsDataset = (report: Report): Dataset => ({
  name: 'Recorder path',
  columns: ['Recorder', 'Candidates', 'Previous period'],
  rows: [
    ['In the browser', report.current.recorderPaths.browser, report.previous.recorderPaths.browser],
    ['Live', report.current.recorderPaths.live, report.previous.recorderPaths.live],
  ],
});

export const durationsDataset = (report: Report): Dataset => {
  const row = (label: string, key: 'timeToComplete' | 'timeToFirstReview') => {
    const now = report.current[key];
    const before = report.previous[key];
    return [
      label,
      now.count,
      withinWords(now.medianSeconds, now.count, LONGEST),
      withinWords(now.p90Seconds, now.count, LONGEST),
      withinWords(before.medianSeconds, before.count, LONGEST),
      withinWords(before.p90Seconds, before.count, LONGEST),
    ];
  };
  return {
    name: 'Time to complete and to first review',
    columns: ['Measure', 'Candidates counted', 'Median', '90th percentile', 'Median, previous period', '90th percentile, previous period'],
    rows: [row('Time to complete', 'timeToComplete'), row('Time to first review', 'timeToFirstReview')],
  };
};

/** A dataset as CSV (papaparse, as "Download candidates" builds its file), formula cells neutralised. */
export const datasetCsv = (dataset: Dataset): string =>
  Papa.unparse({ fields: dataset.columns, data: dataset.rows.map((row) => row.map(String)) }, { escapeFormulae: FORMULA_START });

/**
 * The download's name: `Report_<subject>_<dataset>_<from>_<to>.csv`, the subject a position's title
 * or "All positions", without characters file systems refuse.
 */
export const datasetFileName = (dataset: Dataset, subject: string, period: { from: string; to: string }): string => {
  const clean = (text: string) =>
    [...text]
      .filter((ch) => ch >= ' ' && !'\\/:*?"<>|'.includes(ch))
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
  return `Report_${clean(subject) || 'Position'}_${clean(dataset.name)}_${period.from}_${period.to}.csv`;
};

/** A day of the day-by-day table in words. */
export const dayCell = (value: string | number, column: number): string | number =>
  column === 0 && typeof value === 'string' ? formatDay(value) : value;
