import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ExportRow } from '../../api/candidates';
import { emailSchema } from '../../../../lambdas/contracts/common';
import { candidatesCsv, exportFileName, isEmailAddress, readCandidateLines, rowProblems, type CandidateRow } from './csv';

const people = (rows: CandidateRow[]) => rows.map(({ candidateName, email, problem }) => [candidateName, email, problem]);

describe('isEmailAddress', () => {
  it('takes exactly the addresses the invite takes (emailSchema), so no row the preview passes is refused', () => {
    const samples = [
      'ada@example.com',
      'ada.lovelace+jobs@mail.example.co.uk',
      "o'brien@example.ie",
      'ada@example',
      'ada@@example.com',
      'ada@example..com',
      '.ada@example.com',
      'ada.@example.com',
      'ada lovelace@example.com',
      'ada@exa_mple.com',
      'ada@example.c',
      'ada@-example.com',
      `${'a'.repeat(250)}@example.com`,
    ];
    expect(samples.map(isEmailAddress)).toEqual(samples.map((email) => emailSchema.safeParse(email).success));
    expect(samples.filter(isEmailAddress)).toEqual(['ada@example.com', 'ada.lovelace+jobs@mail.example.co.uk', "o'brien@example.ie"]);
  });
});

describe('readCandidateLines', () => {
  it('reads "Name, email", "Name <email>", spreadsheet rows and a name alone, one a line', () => {
    const pasted = [
      'Name\tEmail',
      'Ada Lovelace, ada@example.com',
      '"Hopper, Grace" <Grace@Example.com>',
      '',
      'Alan Turing\talan@example.com',
      'katherine@example.com, Katherine Johnson',
      'Dorothy Vaughan',
      '   ',
      'orphan@example.com',
    ].join('\r\n');
    expect(people(readCandidateLines(pasted))).toEqual([
      ['Ada Lovelace', 'ada@example.com', null],
      ['Hopper, Grace', 'grace@example.com', null],
      ['Alan Turing', 'alan@example.com', null],
      ['Katherine Johnson', 'katherine@example.com', null],
      ['Dorothy Vaughan', null, null],
      ['', 'orphan@example.com', rowProblems.noName],
    ]);
    expect(readCandidateLines(pasted).map((r) => r.line)).toEqual([2, 3, 5, 6, 7, 9]);
  });

  it('keeps a first line that is a candidate, marks malformed addresses and keeps a comma in a name', () => {
    expect(people(readCandidateLines('Ada, ada@example\nBob, bob.example.com\nLovelace, Ada'))).toEqual([
      ['Ada', 'ada@example', rowProblems.badEmail],
      ['Bob', 'bob.example.com', rowProblems.badEmail],
      ['Lovelace, Ada', null, null],
    ]);
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

  it('adds the knockout and one column per question when the rows carry answers (issue 39), text as written', () => {
    const text = 'Led <b>teams</b>, "happily"\n=and more';
    const csv = candidatesCsv(
      [
        row('Ada', { answers: [text, 'Grill; None (knockout)', 'cv.pdf', 'Video answer'], knockedOut: 'Question 2: None. Flagged for the team.' }),
        row('Bob', { answers: ['Short.', '', '', ''] }),
      ],
      ['Experience', 'Stations', 'CV', ''],
    );
    const [header, ada, bob] = Papa.parse<string[]>(csv).data;
    expect(header!.slice(7)).toEqual(['Knocked out', 'Q1 Experience', 'Q2 Stations', 'Q3 CV', 'Q4']);
    expect(ada!.slice(7)).toEqual(['Question 2: None. Flagged for the team.', text, 'Grill; None (knockout)', 'cv.pdf', 'Video answer']);
    expect(bob!.slice(7)).toEqual(['', 'Short.', '', '', '']);
  });

  it('adds a Summary column last while the rows carry summaries (issue 41), and none while they do not', () => {
    const summary = 'Q1: [0:04] Led a team of five | [1:15] =Shipped the app\nQ2: [0:02] Prefers Go';
    const csv = candidatesCsv([row('Ada', { summary }), row('Bob', { summary: '' })]);
    const [header, ada, bob] = Papa.parse<string[]>(csv).data;
    expect(header!.slice(7)).toEqual(['Summary']);
    expect(ada!.slice(7)).toEqual([summary]);
    expect(bob!.slice(7)).toEqual(['']);
    expect(Papa.parse<string[]>(candidatesCsv([row('Ada')])).data[0]).not.toContain('Summary');
  });
});

describe('exportFileName', () => {
  it('is date_jobtitle_Candidates.csv without characters file systems refuse', () => {
    expect(exportFileName('Data analyst', new Date(2026, 10, 3))).toBe('2026-11-03_Data analyst_Candidates.csv');
    expect(exportFileName('R&D / QA: "lead"?', new Date(2026, 0, 15))).toBe('2026-01-15_R&D  QA lead_Candidates.csv');
  });
});
