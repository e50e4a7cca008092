import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AtsCredentialsRejected, AtsRequestFailed } from '../../lambdas/shared/clients/ats/adapter';
import { atsConnection } from '../../lambdas/shared/clients/ats/connection';
import { recruiteeAdapter } from '../../lambdas/shared/clients/ats/recruitee';
import { startAtsLocal } from '../../lib/local/ats/server';
import type { StandInCandidate } from '../../lib/local/ats/types';
import { recruiteeStandIn } from '../../lib/local/ats/vendors/recruitee';

type StandIns = Awaited<ReturnType<typeof startAtsLocal>>;

const COMPANY = 'recruitee-local-company';
const TOKEN = 'recruitee-local-token';
const connection = (authToken = TOKEN, username = COMPANY) => atsConnection(recruiteeAdapter, { authToken, username });

let standIns: StandIns;
let control: string;
const savedEnv: Record<string, string | undefined> = {};

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${control}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.ok).toBe(true);
  return (await response.json()) as { candidate: StandInCandidate };
};
const addCandidate = async (name: string, email: string | null, tag: string) => (await post('/candidates', { name, email, tag })).candidate;
const candidatesInState = async () => ((await (await fetch(`${control}/state`)).json()) as { candidates: StandInCandidate[] }).candidates;

/** The Recruitee id the stand-in shows a candidate under (its candidates' ids are numbers). */
const recruiteeIdOf = async (name: string) => {
  const found = await recruiteeAdapter.listTagged(connection(), (await candidatesInState()).find((c) => c.name === name)!.tags[0]!);
  return found.find((c) => c.name === name)!.ref;
};

beforeAll(async () => {
  standIns = await startAtsLocal({ vendors: [recruiteeStandIn] });
  control = `${standIns.origin}/_local/ats/recruitee`;
  for (const [name, value] of Object.entries(standIns.environment(standIns.origin))) {
    savedEnv[name] = process.env[name];
    process.env[name] = value;
  }
});

afterAll(async () => {
  await standIns?.stop();
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

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
      Array.from({ length: 104 }, (_, i) => addCandidate(`Tagged Person ${i}`, i === 7 ? null : `tagged${i}@example.com`, 'Video interview')),
    );
    await Promise.all([
      addCandidate('Other One', 'other1@example.com', 'Phone screen'),
      addCandidate('Other Two', 'other2@example.com', 'Video interview later'),
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
      expect(match.profileHref).toBe(
        `${standIns.endpoints(standIns.origin, 'recruitee').app}/#/dashboard/overview?candidate=${match.ref}&company=${COMPANY}`,
      );
    }
    expect(found.find((c) => c.name === 'Tagged Person 7')!.email).toBeNull();
  });

  it('finds nobody for a tag no candidate carries', async () => {
    await expect(recruiteeAdapter.listTagged(connection(), 'Nobody has this tag')).resolves.toEqual([]);
  });

  it('writes the result as a note on the candidate', async () => {
    await addCandidate('Note Taker', 'note@example.com', 'Write back');
    const ref = await recruiteeIdOf('Note Taker');
    const answersHref = 'https://app.example.com/answers/abc123';
    await recruiteeAdapter.writeResult(connection(), ref, {
      event: 'responded',
      note: `Note Taker recorded their interview: ${answersHref}`,
      answersHref,
      advanceStage: false,
    });
    const stored = (await candidatesInState()).find((c) => c.name === 'Note Taker')!;
    expect(stored.notes).toHaveLength(1);
    expect(stored.notes[0]!.body).toContain(answersHref);
    expect(stored.stageMoves).toEqual([]);
  });

  it('fails without retrying for a candidate Recruitee does not know', async () => {
    const error = await recruiteeAdapter
      .writeResult(connection(), '999', { event: 'rejected', note: 'x https://a.example', answersHref: 'https://a.example', advanceStage: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AtsRequestFailed);
    expect((error as AtsRequestFailed).status).toBe(404);
    expect((error as AtsRequestFailed).retryable).toBe(false);
  });

  it('throws a retryable AtsRequestFailed during an outage, and writes once it is over', async () => {
    await addCandidate('Outage Person', 'outage@example.com', 'Outage');
    const ref = await recruiteeIdOf('Outage Person');
    const result = { event: 'shortlisted' as const, note: 'Shortlisted: https://app.example.com/answers/o1', answersHref: 'https://app.example.com/answers/o1', advanceStage: false };
    await post('/outage', { requests: 1, status: 503 });
    const error = await recruiteeAdapter.writeResult(connection(), ref, result).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AtsRequestFailed);
    expect((error as AtsRequestFailed).retryable).toBe(true);
    expect((await candidatesInState()).find((c) => c.name === 'Outage Person')!.notes).toEqual([]);

    await recruiteeAdapter.writeResult(connection(), ref, result);
    expect((await candidatesInState()).find((c) => c.name === 'Outage Person')!.notes.map((n) => n.body)).toEqual([result.note]);
  });

  it('has no webhooks: Recruitee registers them in its settings only', () => {
    expect(recruiteeAdapter.webhooks).toBeUndefined();
    expect(recruiteeStandIn.webhookDelivery).toBeUndefined();
  });
});
