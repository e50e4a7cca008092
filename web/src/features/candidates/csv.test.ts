import { describe, expect, it } from 'vitest';
import { parseCandidatesCsv } from './csv';

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
