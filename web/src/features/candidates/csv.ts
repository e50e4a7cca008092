import Papa from 'papaparse';
import type { NewCandidate } from '../../api/candidates';

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
