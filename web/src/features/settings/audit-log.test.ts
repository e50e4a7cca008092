import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { auditCsv, auditWhat, auditWho, type AuditEntry } from './audit-log';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  entryId: 'e1',
  at: '2026-11-26T12:00:00.000Z',
  action: 'viewed',
  member: { userId: 'u1', email: 'owner@example.com' },
  apiKey: null,
  candidate: { candidateId: 'c1', candidateName: 'Ada', isDeleted: false },
  position: { positionId: 'p1', jobTitle: 'Engineer' },
  detail: null,
  ...over,
});

describe('the audit log in the SPA (issue 28)', () => {
  it('says what happened in words, with the detail', () => {
    expect(auditWhat(entry({}), (iso) => iso)).toBe('Viewed candidate');
    expect(auditWhat(entry({ action: 'status_changed', detail: 'shortlisted' }), (iso) => iso)).toBe('Changed status: shortlisted');
    expect(auditWhat(entry({ action: 'shared', detail: 'link on until 2026-12-03T12:00:00.000Z' }), () => '3 Dec 2026')).toBe(
      'Shared link: on until 3 Dec 2026',
    );
    expect(auditWhat(entry({ action: 'shared', detail: 'link off' }), (iso) => iso)).toBe('Shared link: off');
    expect(auditWho(entry({ action: 'deleted_on_request', member: null }))).toBe('The candidate');
    expect(auditWho(entry({ action: 'api_request', member: null, apiKey: { keyId: 'k1', name: 'Zapier' } }))).toBe('API key: Zapier');
  });

  it('writes the CSV with a header and neutralises formula cells', () => {
    const csv = auditCsv([entry({}), entry({ entryId: 'e2', candidate: { candidateId: 'c2', candidateName: '=HYPERLINK("x")', isDeleted: false } })]);
    const rows = Papa.parse<string[]>(csv).data;
    expect(rows[0]).toEqual(['Time', 'Member', 'Action', 'Candidate', 'Position', 'Detail']);
    expect(rows[1]).toEqual(['2026-11-26T12:00:00.000Z', 'owner@example.com', 'Viewed candidate', 'Ada', 'Engineer', '']);
    expect(rows[2]![3]).toBe(`'=HYPERLINK("x")`);
  });
});
