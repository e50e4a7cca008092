import { describe, expect, it } from 'vitest';
import { AtsCredentialsRejected } from '../../lambdas/adapters/ats/adapter';
import { atsConnection } from '../../lambdas/adapters/ats/connection';
import { hiringthingAdapter } from '../../lambdas/adapters/ats/hiringthing';
import { basicAuth } from '../../lambdas/adapters/ats/http';
import type { StandInCandidate } from '../../lib/local/ats/types';
import { hiringthingStandIn } from '../../lib/local/ats/vendors/hiringthing';
import { itWritesResultsAsNotes, result, useStandIn } from './support';

/** The hiringthing adapter against the HiringThing stand-in (HTTP Basic: API key and API password). */
const standIn = useStandIn(hiringthingStandIn);
const { addCandidate } = standIn;

const connection = (username = 'hiringthing-local-key', authToken = 'hiringthing-local-password') =>
  atsConnection(hiringthingAdapter, { username, authToken });

const shortlisted = (answersHref: string) =>
  result(answersHref, { event: 'shortlisted', note: `Shortlisted after the video interview.\nAnswers: ${answersHref}` });

describe('hiringthing adapter against the HiringThing stand-in', () => {
  it('points at the stand-in through ATS_HIRINGTHING_API_URL and _APP_URL', () => {
    expect(connection().endpoint('api')).toBe(`${standIn.base}/api`);
    expect(connection().endpoint('app')).toBe(`${standIn.base}/app`);
    expect(hiringthingAdapter.endpoints).toEqual({ api: 'https://api.hiringthing.com', app: 'https://app.hiringthing.com' });
  });

  it('accepts the API key and password and refuses a wrong key, a wrong password or none', async () => {
    await expect(hiringthingAdapter.verifyCredentials(connection())).resolves.toBeUndefined();
    await expect(hiringthingAdapter.verifyCredentials(connection('another-key'))).rejects.toBeInstanceOf(AtsCredentialsRejected);
    await expect(hiringthingAdapter.verifyCredentials(connection(undefined, 'wrong-password'))).rejects.toBeInstanceOf(AtsCredentialsRejected);
    await expect(hiringthingAdapter.verifyCredentials(atsConnection(hiringthingAdapter, {}))).rejects.toBeInstanceOf(AtsCredentialsRejected);
  });

  it('the stand-in answers 401 with a Basic challenge, and pages with HiringThing headers', async () => {
    const refused = await fetch(`${standIn.base}/api/api/v1/jobs`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Basic /);
    const jobs = await fetch(`${standIn.base}/api/api/v1/jobs?per_page=1`, {
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
        tagged.push(await addCandidate(`Tagged Applicant ${i}`, 'video-interview', i === 42 ? null : `tagged${i}@example.com`));
      else await addCandidate(`Other Applicant ${i}`, i % 2 ? 'video-interview-2' : 'phone', `other${i}@example.com`);
    }
    const listed = await hiringthingAdapter.listTagged(connection(), 'video-interview');
    expect(listed.map((c) => c.ref).sort()).toEqual(tagged.map((c) => c.id).sort());
    const first = listed.find((c) => c.ref === tagged[0]!.id)!;
    expect(first).toEqual({
      ref: tagged[0]!.id,
      name: 'Tagged Applicant 3',
      email: 'tagged3@example.com',
      profileHref: `${standIn.base}/app/applicants/${tagged[0]!.id}`,
    });
    expect(listed.find((c) => c.ref === tagged[1]!.id)!.email).toBeNull();
    expect((await hiringthingAdapter.listTagged(connection(), ' Video-Interview ')).length).toBe(5);
    expect(await hiringthingAdapter.listTagged(connection(), 'nobody-has-this')).toEqual([]);
    const profile = await fetch(first.profileHref!);
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain('Tagged Applicant 3');
  });

  itWritesResultsAsNotes({
    adapter: hiringthingAdapter,
    standIn,
    connection,
    result: shortlisted,
    on: 'application',
    tag: 'video-interview',
    unknownId: '999999',
  });

  it('has no webhooks: HiringThing cannot register one', () => {
    expect(hiringthingAdapter.webhooks).toBeUndefined();
    expect(hiringthingStandIn.webhookDelivery).toBeUndefined();
  });
});
