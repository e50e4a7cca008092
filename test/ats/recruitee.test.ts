import { afterEach, describe, expect, it, vi } from 'vitest';
import { AtsCredentialsRejected } from '../../lambdas/adapters/ats/adapter';
import { atsConnection } from '../../lambdas/adapters/ats/connection';
import { recruiteeAdapter } from '../../lambdas/adapters/ats/recruitee';
import { recruiteeStandIn } from '../../lib/local/ats/vendors/recruitee';
import { expectRequestFailed, result, useStandIn } from './support';

/** The Recruitee adapter against its stand-in: a company ID and token, the candidate search by tag, notes. */
const standIn = useStandIn(recruiteeStandIn);
const { addCandidate, outage, state } = standIn;

const COMPANY = 'recruitee-local-company';
const TOKEN = 'recruitee-local-token';
const connection = (authToken = TOKEN, username = COMPANY) => atsConnection(recruiteeAdapter, { authToken, username });

/** The candidate named `name` as the stand-in has it now. */
const candidateNamed = async (name: string) => (await state()).candidates.find((c) => c.name === name)!;

/** The Recruitee id the stand-in shows a candidate under (its candidates' ids are numbers). */
const recruiteeIdOf = async (name: string) => {
  const found = await recruiteeAdapter.listTagged(connection(), (await candidateNamed(name)).tags[0]!);
  return found.find((c) => c.name === name)!.ref;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Recruitee adapter against its stand-in', () => {
  it('accepts the stand-in token and company, and rejects a wrong token, a wrong company or missing ones', async () => {
    await expect(recruiteeAdapter.verifyCredentials(connection())).resolves.toBeUndefined();
    await expect(recruiteeAdapter.verifyCredentials(connection('wrong-token'))).rejects.toBeInstanceOf(AtsCredentialsRejected);
    await expect(recruiteeAdapter.verifyCredentials(connection(TOKEN, 'another-company'))).rejects.toBeInstanceOf(AtsCredentialsRejected);
    await expect(recruiteeAdapter.verifyCredentials(connection('', COMPANY))).rejects.toBeInstanceOf(AtsCredentialsRejected);
    await expect(recruiteeAdapter.verifyCredentials(connection(TOKEN, ''))).rejects.toBeInstanceOf(AtsCredentialsRejected);
  });

  it('lists exactly the candidates carrying the tag, across pages of the candidate search', async () => {
    const tagged = await Promise.all(
      Array.from({ length: 104 }, (_, i) => addCandidate(`Tagged Person ${i}`, 'Video interview', i === 7 ? null : `tagged${i}@example.com`)),
    );
    await Promise.all([
      addCandidate('Other One', 'Phone screen', 'other1@example.com'),
      addCandidate('Other Two', 'Video interview later', 'other2@example.com'),
    ]);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');

    const found = await recruiteeAdapter.listTagged(connection(), 'VIDEO INTERVIEW');

    const searches = fetchSpy.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/search/new/candidates'));
    expect(searches.length).toBe(2);
    expect(new URL(searches[1]!).searchParams.get('page')).toBe('2');
    expect(found).toHaveLength(tagged.length);
    expect(new Set(found.map((c) => c.name))).toEqual(new Set(tagged.map((c) => c.name)));
    expect(new Set(found.map((c) => c.ref)).size).toBe(tagged.length);
    for (const candidate of tagged) {
      const match = found.find((c) => c.name === candidate.name)!;
      expect(match.email).toBe(candidate.email);
      expect(match.ref).toMatch(/^\d+$/);
      expect(match.profileHref).toBe(`${standIn.endpoint('app')}/#/dashboard/overview?candidate=${match.ref}&company=${COMPANY}`);
    }
    expect(found.find((c) => c.name === 'Tagged Person 7')!.email).toBeNull();
  });

  it('finds nobody for a tag no candidate carries', async () => {
    await expect(recruiteeAdapter.listTagged(connection(), 'Nobody has this tag')).resolves.toEqual([]);
  });

  it('writes the result as a note on the candidate', async () => {
    await addCandidate('Note Taker', 'Write back', 'note@example.com');
    const ref = await recruiteeIdOf('Note Taker');
    const answersHref = 'https://app.example.com/answers/abc123';
    await recruiteeAdapter.writeResult(connection(), ref, result(answersHref, { note: `Note Taker recorded their interview: ${answersHref}` }));
    const stored = await candidateNamed('Note Taker');
    expect(stored.notes).toHaveLength(1);
    expect(stored.notes[0]!.body).toContain(answersHref);
    expect(stored.stageMoves).toEqual([]);
  });

  it('fails without retrying for a candidate Recruitee does not know', async () => {
    const rejected = result('https://a.example', { event: 'rejected', note: 'x https://a.example' });
    await expectRequestFailed(recruiteeAdapter.writeResult(connection(), '999', rejected), { status: 404, retryable: false });
  });

  it('throws a retryable AtsRequestFailed during an outage, and writes once it is over', async () => {
    await addCandidate('Outage Person', 'Outage', 'outage@example.com');
    const ref = await recruiteeIdOf('Outage Person');
    const shortlisted = result('https://app.example.com/answers/o1', {
      event: 'shortlisted',
      note: 'Shortlisted: https://app.example.com/answers/o1',
    });
    await outage({ requests: 1, status: 503 });
    await expectRequestFailed(recruiteeAdapter.writeResult(connection(), ref, shortlisted), { retryable: true });
    expect((await candidateNamed('Outage Person')).notes).toEqual([]);

    await recruiteeAdapter.writeResult(connection(), ref, shortlisted);
    expect((await candidateNamed('Outage Person')).notes.map((n) => n.body)).toEqual([shortlisted.note]);
  });

  it('has no webhooks: Recruitee registers them in its settings only', () => {
    expect(recruiteeAdapter.webhooks).toBeUndefined();
    expect(recruiteeStandIn.webhookDelivery).toBeUndefined();
  });
});
