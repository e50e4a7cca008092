import Papa from 'papaparse';
import { checked, type CandidateRow } from './csv';

/**
 * Bulk import from real exports (issue 28): a CSV whatever its delimiter (comma, semicolon or
 * tab), encoding (UTF-8 with or without a byte-order mark, or Windows-1252 as older Excel saves
 * it) and an Excel "sep=" line, or an Excel workbook's first sheet, read as a table; its header row
 * mapped to the fields a candidate needs (full name, or first and last name; e-mail), which the
 * team may change before anything is sent. A file without a header is read by position as
 * before: the name, then the e-mail.
 */

/** What a column of the file can be. */
export type ImportField = 'fullName' | 'firstName' | 'lastName' | 'email';
export const IMPORT_FIELDS: readonly { field: ImportField; label: string }[] = [
  { field: 'fullName', label: 'Full name' },
  { field: 'firstName', label: 'First name' },
  { field: 'lastName', label: 'Last name' },
  { field: 'email', label: 'E-mail' },
];

/** The column each field is read from (its index), or null when the file has none. */
export type ColumnMapping = Record<ImportField, number | null>;

/** A file as rows of cells, before any mapping. */
export interface ImportTable {
  /** Every non-blank row, the header (if any) first, with its place in the file (1 is the first row). */
  rows: { line: number; cells: string[] }[];
  /** Whether the first row names the columns (then it is no candidate). Guessed; the team may change it. */
  hasHeader: boolean;
}

/** A heading as compared: lower case, letters and digits only ("E-mail Address" → "emailaddress"). */
const normalized = (heading: string) =>
  heading
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The headings ATS exports and spreadsheets name each field with, normalized. */
const HEADINGS: Record<ImportField, RegExp> = {
  email:
    /^(candidate|applicant|contact|primary|work|personal|business|private|preferred)?e?mail(address|adresse|addr|id)?(1|primary|work|personal|home)?$/,
  fullName: /^((full|candidates?|applicants?|contacts?|display|person|complete)?name|candidate|applicant|fullnames?)$/,
  firstName: /^(candidate|applicant|legal|preferred)?(first|given|fore|vor)(names?)?$|^(fname|prenom)$/,
  lastName: /^(candidate|applicant|legal)?(last|family|sur|nach)(names?)?$|^lname$/,
};

/** The columns a header row names, by its headings (the first column matching each field). */
const mappingByHeadings = (cells: readonly string[]): ColumnMapping => {
  const headings = cells.map(normalized);
  const find = (field: ImportField) => {
    const at = headings.findIndex((heading) => HEADINGS[field].test(heading));
    return at >= 0 ? at : null;
  };
  return { fullName: find('fullName'), firstName: find('firstName'), lastName: find('lastName'), email: find('email') };
};

/** A cell that is an address and nothing else (no second cell glued on by the wrong delimiter). */
const looksLikeAddress = (cell: string) => /^[^\s@,;<>"']+@[^\s@,;<>"']+\.[^\s@,;<>"']+$/.test(cell.trim());

/** Whether the first row names the columns: a known heading, and no cell of it an address. */
const isHeader = (cells: readonly string[]) => {
  const known = mappingByHeadings(cells);
  return !cells.some(looksLikeAddress) && Object.values(known).some((column) => column !== null);
};

/** The column holding addresses in most rows that have any, or null. */
const addressColumn = (rows: readonly { cells: string[] }[]): number | null => {
  const counts = new Map<number, number>();
  for (const { cells } of rows) cells.forEach((cell, i) => looksLikeAddress(cell) && counts.set(i, (counts.get(i) ?? 0) + 1));
  let best: number | null = null;
  for (const [column, count] of counts) if (best === null || count > counts.get(best)!) best = column;
  return best !== null && counts.get(best)! * 2 >= rows.length ? best : null;
};

/** The number of columns of the widest row. */
export const columnCount = (table: ImportTable) => Math.max(0, ...table.rows.map((row) => row.cells.length));

/** The columns as the mapping offers them: the header's names, or "Column 1 (Ada Lovelace)" without one. */
export const columnTitles = (table: ImportTable): string[] => {
  const [first, second] = table.rows;
  return Array.from({ length: columnCount(table) }, (_, i) => {
    const heading = table.hasHeader ? first?.cells[i]?.trim() : '';
    if (heading) return heading;
    const sample = (table.hasHeader ? second : first)?.cells[i]?.trim();
    return sample ? `Column ${i + 1} (${sample.length > 30 ? `${sample.slice(0, 29)}…` : sample})` : `Column ${i + 1}`;
  });
};

/**
 * The mapping guessed for a table: by the header's headings (an unnamed e-mail column found by its
 * addresses), or, without a header, the name first and the e-mail second (or wherever the addresses are).
 */
export const guessMapping = (table: ImportTable): ColumnMapping => {
  const body = table.hasHeader ? table.rows.slice(1) : table.rows;
  const addresses = addressColumn(body);
  if (table.hasHeader) {
    const named = mappingByHeadings(table.rows[0]?.cells ?? []);
    return { ...named, email: named.email ?? addresses };
  }
  const email = addresses ?? (columnCount(table) > 1 ? 1 : null);
  return { fullName: email === 0 ? 1 : 0, firstName: null, lastName: null, email };
};

/**
 * The candidates a table holds under a mapping, checked (csv.ts `checked`; `existing`: addresses
 * the position already has). The name is the full name's cell when it has one, else the first and
 * last names together. Rows with neither a name nor an address are skipped.
 */
export const candidateRows = (table: ImportTable, mapping: ColumnMapping, existing?: ReadonlySet<string>): CandidateRow[] => {
  const cell = (cells: string[], column: number | null) => (column === null ? '' : (cells[column] ?? '').replace(/\s+/g, ' ').trim());
  const rows = (table.hasHeader ? table.rows.slice(1) : table.rows).flatMap(({ line, cells }) => {
    const name = cell(cells, mapping.fullName) || [cell(cells, mapping.firstName), cell(cells, mapping.lastName)].filter(Boolean).join(' ');
    const email = cell(cells, mapping.email).toLowerCase();
    return name || email ? [{ line, candidateName: name, email: email || null }] : [];
  });
  return checked(rows, existing);
};

/** A table of rows of cells: blank rows dropped, each kept with its place. */
const tableOf = (records: readonly (readonly unknown[])[]): ImportTable => {
  const rows = records.flatMap((record, index) => {
    const cells = record.map(cellText);
    return cells.some((c) => c.trim()) ? [{ line: index + 1, cells }] : [];
  });
  return { rows, hasHeader: rows.length > 0 && isHeader(rows[0]!.cells) };
};

/** A spreadsheet cell as text: dates as YYYY-MM-DD, nothing as ''. */
const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value);
};

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * A CSV's delimiter: the one that puts whole addresses and known headings in cells most often (a
 * `;` file whose names hold commas splits those at the `;`); papaparse's own guess breaks a tie.
 */
const delimiterOf = (text: string): string => {
  const sample = text.split(/\r\n|\r|\n/, 50).join('\n');
  const guessed = Papa.parse<string[]>(sample, { preview: 50 }).meta.delimiter;
  const order = [...new Set([guessed, ...DELIMITERS].filter((d) => (DELIMITERS as readonly string[]).includes(d)))];
  const score = (delimiter: string) => {
    const records = Papa.parse<string[]>(sample, { delimiter, preview: 50 }).data;
    const addresses = records.reduce((sum, cells) => sum + cells.filter(looksLikeAddress).length, 0);
    const headings = Object.values(mappingByHeadings(records[0] ?? [])).filter((column) => column !== null).length;
    const wide = records.filter((cells) => cells.length > 1).length;
    return addresses * 4 + headings * 4 + wide;
  };
  const scores = order.map(score);
  return order[scores.indexOf(Math.max(...scores))]!;
};

/** A CSV's text as a table (a byte-order mark and Excel's "sep=;" first line understood). */
export const readCsvTable = (text: string): ImportTable => {
  let body = text.replace(/^\uFEFF/, '');
  const sep = /^"?sep=(.)"?\r?\n/i.exec(body);
  if (sep) body = body.slice(sep[0].length);
  const delimiter = sep ? sep[1]! : delimiterOf(body);
  const table = tableOf(Papa.parse<string[]>(body, { delimiter, skipEmptyLines: false }).data);
  // The lines after "sep=" are the file's rows from its second.
  return sep ? { ...table, rows: table.rows.map((row) => ({ ...row, line: row.line + 1 })) } : table;
};

/** A text file's bytes as text: UTF-8 when they are, else Windows-1252 (what Excel saves as "CSV" on Windows). */
export const decodeText = (bytes: ArrayBuffer): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
};

/** The first sheet of an Excel workbook (.xlsx) as a table; the reader is loaded only when one is opened. */
export const readXlsxTable = async (bytes: ArrayBuffer): Promise<ImportTable> => {
  const { readSheet } = await import('read-excel-file/universal');
  return tableOf(await readSheet(bytes));
};

/** What kind of file this is, by its first bytes (a zip: a workbook), then its name and type. */
export const fileKind = (name: string, type: string, bytes: ArrayBuffer): 'xlsx' | 'xls' | 'csv' => {
  const head = new Uint8Array(bytes.slice(0, 8));
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'xlsx';
  // The compound file of Excel 97-2003.
  if (head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0) return 'xls';
  if (/\.xlsx$/i.test(name) || type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') return 'xlsx';
  return 'csv';
};

/** An import file as a table: a workbook's first sheet or a CSV's rows. Throws ImportFileError with what to do. */
export const readImportFile = async (file: { name: string; type: string; arrayBuffer: () => Promise<ArrayBuffer> }): Promise<ImportTable> => {
  const bytes = await file.arrayBuffer();
  const kind = fileKind(file.name, file.type, bytes);
  if (kind === 'xls')
    throw new ImportFileError(
      'Older Excel files (.xls) can’t be read. In Excel, save it as an Excel Workbook (.xlsx) or as CSV, then choose it again.',
    );
  if (kind === 'csv') return readCsvTable(decodeText(bytes));
  try {
    return await readXlsxTable(bytes);
  } catch {
    throw new ImportFileError(
      'That Excel file couldn’t be read. Open it in your spreadsheet app, save it again as .xlsx or CSV, and choose it again.',
    );
  }
};

export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}
