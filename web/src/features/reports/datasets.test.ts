import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../../../lambdas/contracts/reports';
import { datasetCsv, datasetFileName, dropOffDataset, funnelDataset } from './datasets';

const empty = {
  funnel: { invited: 0, opened: 0, started: 0, completed: 0, reviewed: 0, shortlisted: 0, rejected: 0 },
  completionRate: null,
  timeToComplete: { count: 0, medianSeconds: null, p90Seconds: null },
  timeToFirstReview: { count: 0, medianSeconds: null, p90Seconds: null },
  devices: { phone: 0, desktop: 0 },
  recorderPaths: { browser: 0, live: 0 },
};
const report: Report = {
  timeZone: 'Europe/London',
  position: { positionId: 'p1', jobTitle: 'Sound / engineer' },
  period: { from: '2026-11-03', to: '2026-12-02', days: 30 },
  previousPeriod: { from: '2026-10-04', to: '2026-11-02' },
  current: { ...empty, funnel: { ...empty.funnel, invited: 3, opened: 3, started: 2, completed: 1 } },
  previous: empty,
  days: [],
  questions: [
    { index: 0, title: 'Why us?', reached: 2, answered: 2, retakes: 1 },
    { index: 1, title: '=SUM(A1)', reached: 2, answered: 1, retakes: 0 },
  ],
};

describe('report datasets', () => {
  it('gives the drop-off table and its CSV the same rows, formula cells neutralised', () => {
    const dataset = dropOffDataset(report);
    expect(dataset.rows).toEqual([
      ['Q1 Why us?', 2, 2, 0],
      ['Q2 =SUM(A1)', 2, 1, 1],
    ]);
    expect(Papa.parse(datasetCsv(dataset)).data).toEqual([
      ['Question', 'Reached', 'Answered', 'Gave up'],
      ['Q1 Why us?', '2', '2', '0'],
      ['Q2 =SUM(A1)', '2', '1', '1'],
    ]);
    expect(datasetCsv({ name: 'x', columns: ['a'], rows: [['=1+1']] })).toBe('a\r\n"\'=1+1"');
  });

  it('gives the funnel its conversions, and names the file after the subject and the days', () => {
    expect(funnelDataset(report).rows.slice(0, 3)).toEqual([
      ['Invited', 3, '', 0],
      ['Opened', 3, '100%', 0],
      ['Started', 2, '67%', 0],
    ]);
    expect(datasetFileName(dropOffDataset(report), 'Sound / engineer', report.period)).toBe(
      'Report_Sound engineer_Drop-off per question_2026-11-03_2026-12-02.csv',
    );
  });
});
