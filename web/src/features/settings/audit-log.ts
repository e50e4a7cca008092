import Papa from 'papaparse';
import type * as z from 'zod/mini';
import type { auditEntrySchema } from '../../../../lambdas/contracts/audit';
import type { AuditAction } from '../../../../lambdas/contracts/vocabulary';
import { FORMULA_START } from '../../../../lambdas/contracts/spreadsheet';

/** The audit log's entries as the SPA reads them (issue 28). */
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Each action in words, as the table and the CSV show it. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  viewed: 'Viewed candidate',
  played: 'Played answer',
  downloaded: 'Downloaded answers',
  exported: 'Exported candidates',
  shared: 'Shared link',
  status_changed: 'Changed status',
  deleted: 'Deleted',
  deleted_on_request: 'Deleted on request',
  api_request: 'API request',
  settings_changed: 'Changed settings',
  recovery_sign_in: 'Signed in with the recovery code',
};

/** What an entry says beside its action ("Shared link: on until 3 Dec 2026"). */
export const auditWhat = (entry: Pick<AuditEntry, 'action' | 'detail'>, formatTime: (iso: string) => string): string => {
  const label = AUDIT_ACTION_LABELS[entry.action];
  if (!entry.detail) return label;
  const until = /^link on until (.+)$/.exec(entry.detail);
  const detail = until ? `on until ${formatTime(until[1]!)}` : entry.detail.replace(/^link /, '');
  return `${label}: ${detail}`;
};

/** Who did it: a member's address, an API key by its name, or the candidate themselves. */
export const auditWho = (entry: Pick<AuditEntry, 'member' | 'apiKey'>): string =>
  entry.member?.email ?? (entry.apiKey ? `API key: ${entry.apiKey.name}` : 'The candidate');

/** The log as CSV (time in ISO, so spreadsheets sort it), formula cells neutralised. */
export const auditCsv = (entries: readonly AuditEntry[]): string =>
  Papa.unparse(
    {
      fields: ['Time', 'Member', 'Action', 'Candidate', 'Position', 'Detail'],
      data: entries.map((e) => [
        e.at,
        auditWho(e),
        AUDIT_ACTION_LABELS[e.action],
        e.candidate?.candidateName ?? '',
        e.position?.jobTitle ?? '',
        e.detail ?? '',
      ]),
    },
    { escapeFormulae: FORMULA_START },
  );

/** `2026-11-26_Audit_log.csv`, the date local. */
export const auditFileName = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}_Audit_log.csv`;
