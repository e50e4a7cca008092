import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ExportRow } from '../../api/candidates';
import { candidatesCsv, exportFileName, parseCandidatesCsv } from './csv';

describe('parseCandidatesCsv', () => {
  it('reads name then e-mail, drops blank rows and a header, turns a blank e-mail into null', () => {
    const csv = 'Name,Email\r\nAda Lovelace,ADA@example.com\r\n,\r\n"Hopper, Grace",\r\n\r\nAlan Turing, alan@example.com \r\n';
    expect(parseCandidatesCsv(csv)).toEqual({
      rows: [
        { candidateName: 'Ada Lovelace', email: 'ada@example.com' },
        { candidateName: 'Hopper, Grace', email: null },
        { candidateName: 'Alan Turing', email: 'alan@example.com' },
      ],
      skipped: 0,
    });
  });

  it('keeps a first row that is a candidate, and counts rows without a name', () => {
    expect(parseCandidatesCsv('Name Only\n,orphan@example.com\n')).toEqual({ rows: [{ candidateName: 'Name Only', email: null }], skipped: 1 });
  });

  it('ignores a byte-order mark', () => {
    expect(parseCandidatesCsv('\uFEFFAda,ada@example.com').rows).toEqual([{ candidateName: 'Ada', email: 'ada@example.com' }]);
  });
});

describe('candidatesCsv', () => {
  const row = (candidateName: string, extra: Partial<ExportRow> = {}): ExportRow => ({
    candidateName,
    email: null,
    currentStatus: 'responded',
    invitedAt: '2026-11-20T10:00:00.000Z',
    completedAt: '2026-11-21T10:00:00.000Z',
    rating: 4,
    interviewHref: 'https://app.example.com/#/interview/abc',
    ...extra,
  });

  it('writes a header and one row per candidate, quoting commas and leaving blanks for nulls', () => {
    const csv = candidatesCsv([
      row('Hopper, Grace', { email: 'grace@example.com' }),
      row('Ada', { completedAt: null, rating: null, currentStatus: 'invited' }),
    ]);
    expect(Papa.parse(csv).data).toEqual([
      ['Name', 'Email', 'Status', 'Invited at', 'Completed at', 'Rating', 'Interview link'],
      [
        'Hopper, Grace',
        'grace@example.com',
        'responded',
        '2026-11-20T10:00:00.000Z',
        '2026-11-21T10:00:00.000Z',
        '4',
        'https://app.example.com/#/interview/abc',
      ],
      ['Ada', '', 'invited', '2026-11-20T10:00:00.000Z', '', '', 'https://app.example.com/#/interview/abc'],
    ]);
  });

  it('neutralises cells a spreadsheet would run as formulas, multi-line ones too', () => {
    const names = ['=HYPERLINK("http://evil")', '+1 Plus', '-2 Minus', '@SUM(A1)', '\tTab', '\rReturn', '=cmd\nsecond line', 'Safe = name'];
    const cells = Papa.parse<string[]>(candidatesCsv(names.map((n) => row(n))))
      .data.slice(1)
      .map((r) => r[0]);
    expect(cells).toEqual([...names.slice(0, 7).map((n) => `'${n}`), 'Safe = name']);
  });
});

describe('exportFileName', () => {
  it('is date_jobtitle_Candidates.csv without characters file systems refuse', () => {
    expect(exportFileName('Data analyst', new Date(2026, 10, 3))).toBe('2026-11-03_Data analyst_Candidates.csv');
    expect(exportFileName('R&D / QA: "lead"?', new Date(2026, 0, 15))).toBe('2026-01-15_R&D  QA lead_Candidates.csv');
  });
});
