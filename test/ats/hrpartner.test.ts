import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AtsCredentialsRejected, AtsRequestFailed, type AtsConnection, type AtsResult } from '../../lambdas/shared/clients/ats/adapter';
import { atsConnection } from '../../lambdas/shared/clients/ats/connection';
import { hrpartnerAdapter } from '../../lambdas/shared/clients/ats/hrpartner';
import { startAtsLocal } from '../../lib/local/ats/server';
import type { StandInCandidate } from '../../lib/local/ats/types';
import { hrpartnerStandIn } from '../../lib/local/ats/vendors/hrpartner';

/** The HR Partner adapter against its stand-in: x-api-key, applicants by tag, notes appended to the applicant. */
let standIns: Awaited<ReturnType<typeof startAtsLocal>>;
let control: string;
let connection: AtsConnection;
const environment: Record<string, string> = {};

const addCandidate = async (name: string, email: string | null, tag: string): Promise<StandInCandidate> => {
  const response = await fetch(`${control}/candidates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, tag }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { candidate: StandInCandidate }).candidate;
};

const stateCandidate = async (id: string): Promise<StandInCandidate> => {
  const state = (await (await fetch(`${control}/state`)).json()) as { candidates: StandInCandidate[] };
  const candidate = state.candidates.find((c) => c.id === id);
  if (!candidate) throw new Error(`No candidate ${id} in the stand-in`);
  return candidate;
};

const result = (note: string): AtsResult => ({
  event: 'responded',
  note,
  answersHref: 'https://app.example.com/answers/abc',
  advanceStage: false,
});

beforeAll(async () => {
  standIns = await startAtsLocal({ vendors: [hrpartnerStandIn] });
  control = `${standIns.origin}/_local/ats/hrpartner`;
  Object.assign(environment, standIns.environment(standIns.origin));
  Object.assign(process.env, environment);
  connection = atsConnection(hrpartnerAdapter, { authToken: hrpartnerStandIn.accepts['API key'] });
});

afterAll(async () => {
  for (const name of Object.keys(environment)) delete process.env[name];
  await standIns?.stop();
});

describe('HR Partner adapter', () => {
  it('uses the stand-in for every endpoint and registers no webhooks (HR Partner documents none)', () => {
    expect(connection.endpoint('api')).toBe(`${control}/api`);
    expect(connection.endpoint('app')).toBe(`${control}/app`);
    expect(hrpartnerAdapter.endpoints).toEqual({ api: 'https://api.hrpartner.io', app: 'https://app.hrpartner.io' });
    expect(hrpartnerAdapter.webhooks).toBeUndefined();
  });

  it('accepts the right API key and rejects a wrong or missing one', async () => {
    await expect(hrpartnerAdapter.verifyCredentials(connection)).resolves.toBeUndefined();
    await expect(hrpartnerAdapter.verifyCredentials(atsConnection(hrpartnerAdapter, { authToken: 'hrpartner-wrong-key' }))).rejects.toBeInstanceOf(
      AtsCredentialsRejected,
    );
    await expect(hrpartnerAdapter.verifyCredentials(atsConnection(hrpartnerAdapter, {}))).rejects.toBeInstanceOf(AtsCredentialsRejected);
  });

  it('lists exactly the applicants carrying the tag, with names, e-mails and profile links', async () => {
    const tagged: StandInCandidate[] = [];
    for (let i = 0; i < 30; i++) tagged.push(await addCandidate(`Ada Tagged${i}`, `ada${i}@example.com`, 'Backend 2026'));
    tagged.push(await addCandidate('Solo', null, 'Backend 2026'));
    for (let i = 0; i < 5; i++) await addCandidate(`Bob Other${i}`, `bob${i}@example.com`, 'Frontend 2026');
    await addCandidate('Carol Prefix', 'carol@example.com', 'Backend 2026 (old)');

    const listed = await hrpartnerAdapter.listTagged(connection, 'Backend 2026');
    expect(listed.map((c) => c.ref).sort()).toEqual(tagged.map((c) => c.id).sort());
    const ada = listed.find((c) => c.ref === tagged[7]!.id)!;
    expect(ada).toEqual({
      ref: tagged[7]!.id,
      name: 'Ada Tagged7',
      email: 'ada7@example.com',
      profileHref: `${control}/app/applicants/${tagged[7]!.id}`,
    });
    expect(listed.find((c) => c.ref === tagged[30]!.id)).toMatchObject({ name: 'Solo', email: null });

    const profile = await fetch(ada.profileHref!);
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain('Ada Tagged7');

    await expect(hrpartnerAdapter.listTagged(connection, 'Nobody has this tag')).resolves.toEqual([]);
    await expect(
      hrpartnerAdapter.listTagged(atsConnection(hrpartnerAdapter, { authToken: 'hrpartner-wrong-key' }), 'Backend 2026'),
    ).rejects.toMatchObject({
      name: 'AtsRequestFailed',
      status: 401,
      retryable: false,
    });
  });

  it('writes the result as a note on the applicant, once, and appends later results', async () => {
    const candidate = await addCandidate('Dora Notes', 'dora@example.com', 'Notes 2026');
    const first = 'Dora Notes answered the interview: https://app.example.com/answers/abc';
    await hrpartnerAdapter.writeResult(connection, candidate.id, result(first));
    expect((await stateCandidate(candidate.id)).notes.map((n) => n.body)).toEqual([first]);

    // A retried write-back (its answer lost) does not add the same note twice.
    await hrpartnerAdapter.writeResult(connection, candidate.id, result(first));
    expect((await stateCandidate(candidate.id)).notes).toHaveLength(1);

    const second = 'Dora Notes was shortlisted: https://app.example.com/answers/abc';
    await hrpartnerAdapter.writeResult(connection, candidate.id, { ...result(second), event: 'shortlisted' });
    const notes = (await stateCandidate(candidate.id)).notes.map((n) => n.body);
    expect(notes).toEqual([first, second]);
    expect(notes[1]).toContain('https://app.example.com/answers/abc');
  });

  it('fails retryably while HR Partner is down, and a missing applicant fails for good', async () => {
    const candidate = await addCandidate('Eve Outage', 'eve@example.com', 'Outage 2026');
    const outage = await fetch(`${control}/outage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: 1, status: 503 }),
    });
    expect(outage.status).toBe(200);
    const error = await hrpartnerAdapter
      .writeResult(connection, candidate.id, result('Eve answered: https://app.example.com/answers/e'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AtsRequestFailed);
    expect(error).toMatchObject({ status: 503, retryable: true });
    expect((await stateCandidate(candidate.id)).notes).toEqual([]);

    // The outage is over: the retry lands.
    await hrpartnerAdapter.writeResult(connection, candidate.id, result('Eve answered: https://app.example.com/answers/e'));
    expect((await stateCandidate(candidate.id)).notes.map((n) => n.body)).toEqual(['Eve answered: https://app.example.com/answers/e']);

    await expect(hrpartnerAdapter.writeResult(connection, 'no-such-applicant', result('x https://app.example.com/a'))).rejects.toMatchObject({
      name: 'AtsRequestFailed',
      status: 404,
      retryable: false,
    });
  });
});
