import Papa from 'papaparse';
import type { ExportRow, NewCandidate } from '../../api/candidates';
import { FORMULA_START } from '../../../../lambdas/contracts/spreadsheet';
import { BULK_IMPORT_MAX } from '../../../../lambdas/contracts/candidate';

/** One candidate of a bulk invite as read, with what stops it being invited (null when nothing does). */
export interface CandidateRow {
  /** Where it came from: the row of the file or the line of the pasted list (1 is the first). */
  line: number;
  candidateName: string;
  email: string | null;
  problem: string | null;
}

/** A candidate's name at most (lambdas/contracts/candidate.ts candidateNameSchema). */
const NAME_MAX = 100;
/** An e-mail address at most (lambdas/contracts/common.ts emailSchema). */
const EMAIL_MAX = 254;
/**
 * An e-mail address as the invite checks it: zod's e-mail pattern, which emailSchema uses
 * (csv.test.ts holds the two together), so no row the preview passes is refused by the server.
 */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** Header cells a spreadsheet or our template names the columns with. */
const NAME_HEADER = /^(full\s*|candidate(['’]s)?\s*)?name$/i;
const EMAIL_HEADER = /^e-?mail(\s*address)?$/i;

/** Whether the invite takes this (trimmed, lower-case) address. */
export const isEmailAddress = (email: string) => email.length <= EMAIL_MAX && EMAIL.test(email);

export const rowProblems = {
  noName: 'No name: this row is left out.',
  longName: `The name is longer than ${NAME_MAX} characters.`,
  badEmail: 'Not a valid e-mail address.',
  duplicate: 'This e-mail address is already in the list.',
  alreadyCandidate: 'Already a candidate of this position: not invited again.',
  tooMany: `Only the first ${BULK_IMPORT_MAX.toLocaleString('en')} rows are imported at once: import the rest from another file.`,
} as const;

/**
 * Checks each row: a name, its length, the e-mail's form, an address the position already has
 * (`existing`, from the server) and an address listed twice (the first stays); rows past
 * BULK_IMPORT_MAX are left for another import. `problem` is recomputed, whatever it was.
 */
export const checked = (rows: Omit<CandidateRow, 'problem'>[], existing: ReadonlySet<string> = new Set()): CandidateRow[] => {
  const seen = new Set<string>();
  return rows.map(({ line, candidateName, email }, index) => {
    let problem: string | null = null;
    if (index >= BULK_IMPORT_MAX) problem = rowProblems.tooMany;
    else if (!candidateName) problem = rowProblems.noName;
    else if (candidateName.length > NAME_MAX) problem = rowProblems.longName;
    else if (email && !isEmailAddress(email)) problem = rowProblems.badEmail;
    else if (email && existing.has(email)) problem = rowProblems.alreadyCandidate;
    else if (email && seen.has(email)) problem = rowProblems.duplicate;
    if (!problem && email) seen.add(email);
    return { line, candidateName, email, problem };
  });
};

/** The columns of name and e-mail when `cells` is a header row naming both (in any order), else null. */
const headerColumns = (cells: string[]) => {
  const trimmed = cells.map((c) => c.trim());
  const name = trimmed.findIndex((c) => NAME_HEADER.test(c));
  const email = trimmed.findIndex((c) => EMAIL_HEADER.test(c));
  return name >= 0 && email >= 0 ? { name, email } : null;
};

/** An address in a pasted line: the first word with an @ in it, angle brackets and quotes aside. */
const ADDRESS = /<?\s*([^\s<>,;"']+@[^\s<>,;"']+)\s*>?/;

/**
 * A pasted list (one candidate a line): "Name, email", "Name <email>", the two cells of a
 * spreadsheet's row (tab-separated) or a name alone. A header line naming the columns is skipped.
 */
export const readCandidateLines = (text: string): CandidateRow[] => {
  const rows: Omit<CandidateRow, 'problem'>[] = [];
  let first = true;
  for (const [index, raw] of text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .entries()) {
    const line = raw.trim();
    if (!line) continue;
    const wasFirst = first;
    first = false;
    if (line.includes('\t')) {
      const cells = line.split('\t');
      if (wasFirst && headerColumns(cells)) continue;
      const at = cells.findIndex((cell) => cell.includes('@'));
      const email = at >= 0 ? cells[at]!.trim().toLowerCase() : '';
      const name = cells.find((cell, i) => i !== at && cell.trim())?.trim() ?? '';
      if (name || email) rows.push({ line: index + 1, candidateName: name, email: email || null });
      continue;
    }
    if (wasFirst && headerColumns(line.split(/[,;]/))) continue;
    const match = ADDRESS.exec(line);
    // No @: an address mistyped after the last comma ("Ada, ada.example.com") is still an address
    // (and is flagged); a comma before a word is part of the name ("Lovelace, Ada").
    const tail = match ? null : /^(.*)[,;]\s*([^\s,;]*\.[^\s,;]*)$/.exec(line);
    const email = match ? match[1]!.toLowerCase() : tail ? tail[2]!.toLowerCase() : null;
    const rest = match ? line.slice(0, match.index) + line.slice(match.index + match[0].length) : tail ? tail[1]! : line;
    rows.push({ line: index + 1, candidateName: rest.replace(/^[\s,;"']+|[\s,;"'<>]+$/g, '').trim(), email });
  }
  return checked(rows);
};

/** The rows that can be invited, as the invite call takes them. */
export const invitable = (rows: CandidateRow[]): NewCandidate[] =>
  rows.filter((row) => !row.problem).map(({ candidateName, email }) => ({ candidateName, email }));

/** The template "Download template" gives (lib/download puts the byte-order mark first): the header the reader recognises, and no sample rows to invite by mistake. */
export const CSV_TEMPLATE = 'Name,Email\r\n';

const EXPORT_COLUMNS: [string, (row: ExportRow) => string | number | null][] = [
  ['Name', (r) => r.candidateName],
  ['Email', (r) => r.email],
  ['Status', (r) => r.currentStatus],
  ['Invited at', (r) => r.invitedAt],
  ['Completed at', (r) => r.completedAt],
  ['Rating', (r) => r.rating],
  ['Interview link', (r) => r.interviewHref],
];

/** Scorecards (issue 27): a "Score" column and one per criterion, after "Rating", when any candidate was scored. */
const scoreColumns = (rows: ExportRow[]): [string, (row: ExportRow) => string | number | null][] => {
  if (!rows.some((r) => r.score != null)) return [];
  const names = [...new Set(rows.flatMap((r) => (r.criterionScores ?? []).map((c) => c.name)))];
  return [
    ['Score', (r) => r.score ?? null],
    ...names.map((name): [string, (row: ExportRow) => number | null] => [name, (r) => r.criterionScores?.find((c) => c.name === name)?.mean ?? null]),
  ];
};

/**
 * Answer types (issue 39): a "Knocked out" column (why) when a candidate was, and one column per
 * question (`Q1 Title`) with each answer in words, when the position asks anything but a video.
 */
const answerColumns = (rows: ExportRow[], questions: readonly string[] = []): [string, (row: ExportRow) => string | number | null][] => [
  ...(rows.some((r) => r.knockedOut != null) ? [['Knocked out', (r: ExportRow) => r.knockedOut ?? null] as [string, (row: ExportRow) => string | null]] : []),
  ...questions.map((title, i): [string, (row: ExportRow) => string | null] => [`Q${i + 1}${title ? ` ${title}` : ''}`, (r) => r.answers?.[i] ?? null]),
];

/** Summaries (issue 41): a "Summary" column (machine-written, each answer's points with the second they cite) while the company has them on. */
const summaryColumns = (rows: ExportRow[]): [string, (row: ExportRow) => string | null][] =>
  rows.some((r) => r.summary != null) ? [['Summary', (r) => r.summary ?? null]] : [];

/** "Download candidates" (spec §7): the export rows as CSV, formula cells neutralised. */
export const candidatesCsv = (rows: ExportRow[], questions?: readonly string[]): string => {
  const rating = EXPORT_COLUMNS.findIndex(([name]) => name === 'Rating') + 1;
  const columns = [
    ...EXPORT_COLUMNS.slice(0, rating),
    ...scoreColumns(rows),
    ...EXPORT_COLUMNS.slice(rating),
    ...answerColumns(rows, questions),
    ...summaryColumns(rows),
  ];
  return Papa.unparse(
    { fields: columns.map(([name]) => name), data: rows.map((row) => columns.map(([, cell]) => cell(row) ?? '')) },
    { escapeFormulae: FORMULA_START },
  );
};

/** `date_jobtitle_Candidates.csv`, the date local and the title without characters file systems refuse. */
export const exportFileName = (jobTitle: string, now = new Date()) => {
  const date = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  const title =
    [...jobTitle]
      .filter((ch) => ch >= ' ' && !'\\/:*?"<>|'.includes(ch))
      .join('')
      .trim() || 'Position';
  return `${date}_${title}_Candidates.csv`;
};
