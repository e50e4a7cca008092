import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AtsCredentialsRejected, AtsRequestFailed, type AtsResult } from '../../lambdas/shared/clients/ats/adapter';
import { atsConnection } from '../../lambdas/shared/clients/ats/connection';
import { hiringthingAdapter } from '../../lambdas/shared/clients/ats/hiringthing';
import { basicAuth } from '../../lambdas/shared/clients/ats/http';
import { startAtsLocal } from '../../lib/local/ats/server';
import type { StandInCandidate } from '../../lib/local/ats/types';
import { hiringthingStandIn } from '../../lib/local/ats/vendors/hiringthing';

/** The hiringthing adapter against the HiringThing stand-in (HTTP Basic: API key and API password). */
const environment: Record<string, string> = {};
let standIns: Awaited<ReturnType<typeof startAtsLocal>>;
let control: string;

const connection = (username = 'hiringthing-local-key', authToken = 'hiringthing-local-password') =>
  atsConnection(hiringthingAdapter, { username, authToken });

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${control}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.ok).toBe(true);
  return (await response.json()) as { candidate: StandInCandidate };
};
const addCandidate = async (name: string, email: string | null, tag: string) => (await post('/candidates', { name, email, tag })).candidate;
const stateOf = async () => (await (await fetch(`${control}/state`)).json()) as { candidates: StandInCandidate[] };

const result = (answersHref: string): AtsResult => ({
  event: 'shortlisted',
  answersHref,
  note: `Shortlisted after the video interview.\nAnswers: ${answersHref}`,
  advanceStage: false,
});

beforeAll(async () => {
  standIns = await startAtsLocal({ vendors: [hiringthingStandIn] });
  control = `${standIns.origin}/_local/ats/hiringthing`;
  Object.assign(environment, standIns.environment(standIns.origin));
  Object.assign(process.env, environment);
});

afterAll(async () => {
  for (const name of Object.keys(environment)) delete process.env[name];
  await standIns?.stop();
});

describe('hiringthing adapter against the HiringThing stand-in', () => {
  it('points at the stand-in through ATS_HIRINGTHING_API_URL and _APP_URL', () => {
    expect(connection().endpoint('api')).toBe(`${control}/api`);
    expect(connection().endpoint('app')).toBe(`${control}/app`);
    expect(hiringthingAdapter.endpoints).toEqual({ api: 'https://api.hiringthing.com', app: 'https://app.hiringthing.com' });
  });

  it('accepts the API key and password and refuses a wrong key, a wrong password or none', async () => {
    await expect(hiringthingAdapter.verifyCredentials(connection())).resolves.toBeUndefined();
    await expect(hiringthingAdapter.verifyCredentials(connection('another-key'))).rejects.toBeInstanceOf(AtsCredentialsRejected);
    await expect(hiringthingAdapter.verifyCredentials(connection(undefined, 'wrong-password'))).rejects.toBeInstanceOf(AtsCredentialsRejected);
    await expect(hiringthingAdapter.verifyCredentials(atsConnection(hiringthingAdapter, {}))).rejects.toBeInstanceOf(AtsCredentialsRejected);
  });

  it('the stand-in answers 401 with a Basic challenge, and pages with HiringThing headers', async () => {
    const refused = await fetch(`${control}/api/api/v1/jobs`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Basic /);
    const jobs = await fetch(`${control}/api/api/v1/jobs?per_page=1`, {
      headers: { authorization: basicAuth('hiringthing-local-key', 'hiringthing-local-password') },
    });
    expect(jobs.status).toBe(200);
    expect(jobs.headers.get('total-count')).toBe('1');
    expect(jobs.headers.get('pages')).toBe('1');
    expect(jobs.headers.get('current-page')).toBe('1');
    expect(((await jobs.json()) as { title: string }[])[0]!.title).toBe('Stand-in position');
  });

  it('lists exactly the applications carrying the tag, across pages, with their profile links', async () => {
    // 130 applications: two pages of the adapter's 100; the tagged ones on both.
    const tagged: StandInCandidate[] = [];
    for (let i = 0; i < 130; i += 1) {
      if ([3, 42, 99, 100, 128].includes(i))
        tagged.push(await addCandidate(`Tagged Applicant ${i}`, i === 42 ? null : `tagged${i}@example.com`, 'video-interview'));
      else await addCandidate(`Other Applicant ${i}`, `other${i}@example.com`, i % 2 ? 'video-interview-2' : 'phone');
    }
    const listed = await hiringthingAdapter.listTagged(connection(), 'video-interview');
    expect(listed.map((c) => c.ref).sort()).toEqual(tagged.map((c) => c.id).sort());
    const first = listed.find((c) => c.ref === tagged[0]!.id)!;
    expect(first).toEqual({
      ref: tagged[0]!.id,
      name: 'Tagged Applicant 3',
      email: 'tagged3@example.com',
      profileHref: `${control}/app/applicants/${tagged[0]!.id}`,
    });
    expect(listed.find((c) => c.ref === tagged[1]!.id)!.email).toBeNull();
    expect((await hiringthingAdapter.listTagged(connection(), ' Video-Interview ')).length).toBe(5);
    expect(await hiringthingAdapter.listTagged(connection(), 'nobody-has-this')).toEqual([]);
    const profile = await fetch(first.profileHref!);
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain('Tagged Applicant 3');
  });

  it('writes the result as a note on the application', async () => {
    const candidate = await addCandidate('Noted Applicant', 'noted@example.com', 'video-interview');
    const answersHref = 'https://app.example.com/positions/p1/candidates/c2?tab=answers&from=hiringthing';
    await hiringthingAdapter.writeResult(connection(), candidate.id, result(answersHref));
    const stored = (await stateOf()).candidates.find((c) => c.id === candidate.id)!;
    expect(stored.notes).toHaveLength(1);
    expect(stored.notes[0]!.body).toBe(result(answersHref).note);
    expect(stored.notes[0]!.body).toContain(answersHref);
  });

  it('a note for an application HiringThing does not have fails for good', async () => {
    const failure = await hiringthingAdapter
      .writeResult(connection(), '999999', result('https://app.example.com/a'))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AtsRequestFailed);
    expect(failure).toMatchObject({ status: 404, retryable: false });
  });

  it('an outage makes the write-back fail retryably, and the next try lands', async () => {
    const candidate = await addCandidate('Outage Applicant', 'outage@example.com', 'video-interview');
    await post('/outage', { requests: 1, status: 503 });
    const failure = await hiringthingAdapter
      .writeResult(connection(), candidate.id, result('https://app.example.com/b'))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AtsRequestFailed);
    expect(failure).toMatchObject({ status: 503, retryable: true });
    expect((await stateOf()).candidates.find((c) => c.id === candidate.id)!.notes).toEqual([]);
    await hiringthingAdapter.writeResult(connection(), candidate.id, result('https://app.example.com/b'));
    expect((await stateOf()).candidates.find((c) => c.id === candidate.id)!.notes).toHaveLength(1);
  });

  it('has no webhooks: HiringThing cannot register one', () => {
    expect(hiringthingAdapter.webhooks).toBeUndefined();
    expect(hiringthingStandIn.webhookDelivery).toBeUndefined();
  });
});
