import Papa from 'papaparse';
import type { ExportRow, NewCandidate } from '../../api/candidates';
import { FORMULA_START } from '../../../../lambdas/contracts/spreadsheet';

export interface CsvResult {
  rows: NewCandidate[];
  /** Rows with an e-mail but no name: they cannot be invited. */
  skipped: number;
}

/**
 * A bulk-invite CSV (spec §5): name then e-mail, a header row optional. Fully blank rows are
 * dropped; a blank e-mail becomes null.
 */
export const parseCandidatesCsv = (text: string): CsvResult => {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const rows: NewCandidate[] = [];
  let skipped = 0;
  for (const [index, cells] of parsed.data.entries()) {
    const name = (cells[0] ?? '').trim();
    const email = (cells[1] ?? '').trim();
    if (!name && !email) continue;
    if (index === 0 && /^(full\s*)?name$/i.test(name) && /^e-?mail(\s*address)?$/i.test(email)) continue;
    if (!name) {
      skipped += 1;
      continue;
    }
    rows.push({ candidateName: name, email: email ? email.toLowerCase() : null });
  }
  return { rows, skipped };
};

const EXPORT_COLUMNS: [string, (row: ExportRow) => string | number | null][] = [
  ['Name', (r) => r.candidateName],
  ['Email', (r) => r.email],
  ['Status', (r) => r.currentStatus],
  ['Invited at', (r) => r.invitedAt],
  ['Completed at', (r) => r.completedAt],
  ['Rating', (r) => r.rating],
  ['Interview link', (r) => r.interviewHref],
];

/** "Download candidates" (spec §7): the export rows as CSV, formula cells neutralised. */
export const candidatesCsv = (rows: ExportRow[]): string =>
  Papa.unparse(
    { fields: EXPORT_COLUMNS.map(([name]) => name), data: rows.map((row) => EXPORT_COLUMNS.map(([, cell]) => cell(row) ?? '')) },
    { escapeFormulae: FORMULA_START },
  );

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
