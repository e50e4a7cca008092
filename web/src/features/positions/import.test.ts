import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/universal';
import { BULK_IMPORT_MAX } from '../../../../lambdas/contracts/candidate';
import { CSV_TEMPLATE, invitable, rowProblems, type CandidateRow } from './csv';
import {
  candidateRows,
  columnTitles,
  decodeText,
  guessMapping,
  ImportFileError,
  readCsvTable,
  readImportFile,
  type ColumnMapping,
  type ImportTable,
} from './import';

const people = (rows: CandidateRow[]) => rows.map(({ candidateName, email, problem }) => [candidateName, email, problem]);
/** A CSV read as the dialog first shows it: the mapping guessed. */
const readCsv = (text: string, existing?: ReadonlySet<string>) => {
  const table = readCsvTable(text);
  return candidateRows(table, guessMapping(table), existing);
};
const fileOf = (name: string, bytes: ArrayBuffer | Uint8Array, type = '') => ({
  name,
  type,
  arrayBuffer: async () =>
    bytes instanceof Uint8Array ? (bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer) : bytes,
});
const mapped = (table: ImportTable): ColumnMapping => guessMapping(table);

describe('a positional CSV (name, then e-mail), as before', () => {
  it('reads name then e-mail, drops blank rows and a header, turns a blank e-mail into null', () => {
    const csv = 'Name,Email\r\nAda Lovelace,ADA@example.com\r\n,\r\n"Hopper, Grace",\r\n\r\nAlan Turing, alan@example.com \r\n';
    const rows = readCsv(csv);
    expect(invitable(rows)).toEqual([
      { candidateName: 'Ada Lovelace', email: 'ada@example.com' },
      { candidateName: 'Hopper, Grace', email: null },
      { candidateName: 'Alan Turing', email: 'alan@example.com' },
    ]);
    // The row of the file each came from, for the preview's errors.
    expect(rows.map((r) => r.line)).toEqual([2, 4, 6]);
  });

  it('keeps a first row that is a candidate, and marks a row without a name', () => {
    expect(people(readCsv('Name Only\n,orphan@example.com\n'))).toEqual([
      ['Name Only', null, null],
      ['', 'orphan@example.com', rowProblems.noName],
    ]);
    expect(people(readCsv('Ada Lovelace,ada@example.com\nGrace Hopper,grace@example.com\n'))).toEqual([
      ['Ada Lovelace', 'ada@example.com', null],
      ['Grace Hopper', 'grace@example.com', null],
    ]);
  });

  it('reads the template: its header, in either column order, with a byte-order mark', () => {
    expect(readCsv(`\uFEFF${CSV_TEMPLATE}Ada,ada@example.com\r\n`).map((r) => r.email)).toEqual(['ada@example.com']);
    expect(invitable(readCsv('E-mail address,Full name,Notes\nada@example.com,Ada,first\n'))).toEqual([
      { candidateName: 'Ada', email: 'ada@example.com' },
    ]);
    expect(readCsv('\uFEFFAda,ada@example.com').map((r) => r.candidateName)).toEqual(['Ada']);
  });

  it('marks a malformed address, an address listed twice and an overlong name, keeping the first of a pair', () => {
    const csv = `Ada,ada@example\nGrace,grace@example.com\nGrace again,GRACE@example.com\n${'x'.repeat(101)},long@example.com\n`;
    expect(people(readCsv(csv)).map(([name, , problem]) => [String(name).slice(0, 11), problem])).toEqual([
      ['Ada', rowProblems.badEmail],
      ['Grace', null],
      ['Grace again', rowProblems.duplicate],
      ['xxxxxxxxxxx', rowProblems.longName],
    ]);
  });
});

describe('real exports: delimiters, encodings, headings', () => {
  it('detects a semicolon file whose names hold commas, a tab file and a comma file alike', () => {
    const expected = [
      ['Lovelace, Ada', 'ada@example.com', null],
      ['Hopper, Grace', 'grace@example.com', null],
    ];
    expect(people(readCsv('Candidate name;Email Address\nLovelace, Ada;ada@example.com\nHopper, Grace;grace@example.com\n'))).toEqual(expected);
    // No header, and every name has its comma: still split at the semicolons.
    expect(people(readCsv('Lovelace, Ada;ada@example.com\r\nHopper, Grace;grace@example.com\r\n'))).toEqual(expected);
    expect(people(readCsv('Full Name\tE-mail\nLovelace, Ada\tada@example.com\nHopper, Grace\tgrace@example.com\n'))).toEqual(expected);
    expect(people(readCsv('name,email\n"Lovelace, Ada",ada@example.com\n"Hopper, Grace",grace@example.com\n'))).toEqual(expected);
  });

  it("understands Excel's sep= line and a Windows-1252 file, keeping the rows' places", () => {
    const table = readCsvTable('sep=;\r\nName;Email\r\nJosé Núñez;jose@example.com\r\n');
    expect(candidateRows(table, mapped(table)).map(({ line, candidateName }) => [line, candidateName])).toEqual([[3, 'José Núñez']]);
    // "Ren\xe9e" in Windows-1252: é is one byte, not UTF-8.
    const bytes = new Uint8Array([...Buffer.from('Name;Email\nRen'), 0xe9, ...Buffer.from('e Dubois;renee@example.com\n')]);
    expect(people(readCsv(decodeText(bytes.buffer)))).toEqual([['Renée Dubois', 'renee@example.com', null]]);
    expect(decodeText(new TextEncoder().encode('Zoë').buffer)).toBe('Zoë');
  });

  it('maps first and last names from the headings ATS exports and spreadsheets use, case and spacing aside', () => {
    const headers: [string, ColumnMapping][] = [
      ['First Name;Last Name;Email Address', { fullName: null, firstName: 0, lastName: 1, email: 2 }],
      ['Given name,Surname,E-mail', { fullName: null, firstName: 0, lastName: 1, email: 2 }],
      ['  EMAIL  ,FIRSTNAME,family name,Phone', { fullName: null, firstName: 1, lastName: 2, email: 0 }],
      ['Candidate ID\tCandidate Name\tCandidate Email\tStage', { fullName: 1, firstName: null, lastName: null, email: 2 }],
      ['Applicant,Work email,Forename,Last', { fullName: 0, firstName: 2, lastName: 3, email: 1 }],
    ];
    for (const [header, mapping] of headers) {
      const table = readCsvTable(`${header}\nAda;Lovelace;ada@example.com\n`);
      expect(table.hasHeader).toBe(true);
      expect(mapped(table), header).toEqual(mapping);
    }
    const rows = readCsv(
      'First Name;Last Name;Email Address;Stage\nAda;Lovelace;ADA@example.com;New\n;Hopper;grace@example.com;New\nAlan;;;Screen\n',
    );
    expect(people(rows)).toEqual([
      ['Ada Lovelace', 'ada@example.com', null],
      ['Hopper', 'grace@example.com', null],
      ['Alan', null, null],
    ]);
  });

  it('prefers a full name when a row has one, finds an unnamed e-mail column by its addresses, and follows a changed mapping', () => {
    const table = readCsvTable('Name,First name,Last name,Contact\nAda King,Ada,Lovelace,ada@example.com\n,Grace,Hopper,grace@example.com\n');
    const guessed = mapped(table);
    expect(guessed).toEqual({ fullName: 0, firstName: 1, lastName: 2, email: 3 });
    expect(people(candidateRows(table, guessed)).map(([name]) => name)).toEqual(['Ada King', 'Grace Hopper']);
    expect(people(candidateRows(table, { ...guessed, fullName: null })).map(([name]) => name)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(people(candidateRows(table, { ...guessed, email: null })).map(([, email]) => email)).toEqual([null, null]);
    expect(columnTitles(table)).toEqual(['Name', 'First name', 'Last name', 'Contact']);
  });

  it('reads the first row as a candidate once the team says it holds no headings, and names the columns by a sample', () => {
    const read = readCsvTable('Name,Email\nAda,ada@example.com\n');
    const table = { ...read, hasHeader: false };
    expect(columnTitles(table)).toEqual(['Column 1 (Name)', 'Column 2 (Email)']);
    expect(people(candidateRows(table, mapped(table)))).toEqual([
      ['Name', 'email', rowProblems.badEmail],
      ['Ada', 'ada@example.com', null],
    ]);
  });
});

describe('duplicates and limits', () => {
  it('flags an address twice in the file and one the position already has; only the rest is invitable', () => {
    const csv =
      'First name;Last name;Email\nAda;Lovelace;ada@example.com\nGrace;Hopper;grace@example.com\nAda;L.;Ada@Example.com\nAlan;Turing;alan@example.com\n';
    const rows = readCsv(csv, new Set(['grace@example.com']));
    expect(people(rows)).toEqual([
      ['Ada Lovelace', 'ada@example.com', null],
      ['Grace Hopper', 'grace@example.com', rowProblems.alreadyCandidate],
      ['Ada L.', 'ada@example.com', rowProblems.duplicate],
      ['Alan Turing', 'alan@example.com', null],
    ]);
    expect(invitable(rows).map((r) => r.email)).toEqual(['ada@example.com', 'alan@example.com']);
  });

  it(`leaves rows past the ${BULK_IMPORT_MAX}th for another import`, () => {
    const csv = ['Name,Email', ...Array.from({ length: BULK_IMPORT_MAX + 2 }, (_, i) => `Person ${i + 1},person${i + 1}@example.com`)].join('\n');
    const rows = readCsv(csv);
    expect(invitable(rows)).toHaveLength(BULK_IMPORT_MAX);
    expect(rows.slice(-3).map((r) => [r.candidateName, r.problem])).toEqual([
      [`Person ${BULK_IMPORT_MAX}`, null],
      [`Person ${BULK_IMPORT_MAX + 1}`, rowProblems.tooMany],
      [`Person ${BULK_IMPORT_MAX + 2}`, rowProblems.tooMany],
    ]);
  });
});

describe('Excel workbooks', () => {
  const workbook = async (rows: (string | number | Date | null)[][]) =>
    new Uint8Array(
      await (
        await writeXlsxFile(
          rows.map((row) => row.map((value) => (value === null ? null : value instanceof Date ? { value, format: 'yyyy-mm-dd' } : { value }))),
        ).toBlob()
      ).arrayBuffer(),
    );

  it("reads an .xlsx's first sheet, its headings mapped, numbers and dates as text", async () => {
    const bytes = await workbook([
      ['First Name', 'Last Name', 'Email Address', 'Applied'],
      ['Ada', 'Lovelace', 'ADA@example.com', new Date(Date.UTC(2026, 10, 3))],
      [null, null, null, null],
      ['Grace', 'Hopper', 'grace@example.com', 42],
    ]);
    const table = await readImportFile(fileOf('export.xlsx', bytes));
    expect(table.hasHeader).toBe(true);
    expect(table.rows.map((row) => row.cells[3])).toEqual(['Applied', '2026-11-03', '42']);
    const rows = candidateRows(table, guessMapping(table));
    expect(people(rows)).toEqual([
      ['Ada Lovelace', 'ada@example.com', null],
      ['Grace Hopper', 'grace@example.com', null],
    ]);
    // Known by its bytes whatever its name says.
    expect((await readImportFile(fileOf('export.csv', bytes, 'text/csv'))).rows).toEqual(table.rows);
  });

  it('reads a CSV file by its text, and says what to do with an old .xls or a damaged workbook', async () => {
    expect((await readImportFile(fileOf('list.csv', new TextEncoder().encode('Ada;ada@example.com\n')))).rows).toEqual([
      { line: 1, cells: ['Ada', 'ada@example.com'] },
    ]);
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    await expect(readImportFile(fileOf('old.xls', xls))).rejects.toThrow(/\.xls.*save it as an Excel Workbook \(\.xlsx\) or as CSV/);
    const damaged = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]);
    await expect(readImportFile(fileOf('broken.xlsx', damaged))).rejects.toBeInstanceOf(ImportFileError);
  });
});
