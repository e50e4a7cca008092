import { describe, expect, it } from 'vitest';
import { AtsCredentialsRejected } from '../../lambdas/adapters/ats/adapter';
import { atsConnection } from '../../lambdas/adapters/ats/connection';
import { hrpartnerAdapter } from '../../lambdas/adapters/ats/hrpartner';
import type { StandInCandidate } from '../../lib/local/ats/types';
import { hrpartnerStandIn } from '../../lib/local/ats/vendors/hrpartner';
import { expectRequestFailed, result, useStandIn } from './support';

/** The HR Partner adapter against its stand-in: x-api-key, applicants by tag, notes appended to the applicant. */
const standIn = useStandIn(hrpartnerStandIn);
const { addCandidate, notesOf, outage } = standIn;

/** Endpoints are read when a call is made: from the environment the stand-in puts in place. */
const connection = atsConnection(hrpartnerAdapter, { authToken: hrpartnerStandIn.accepts['API key'] });

/** A result whose note is `note`, with the link to the answers in it. */
const noted = (note: string) => result('https://app.example.com/answers/abc', { note });

describe('HR Partner adapter', () => {
  it('uses the stand-in for every endpoint and registers no webhooks (HR Partner documents none)', () => {
    expect(connection.endpoint('api')).toBe(`${standIn.base}/api`);
    expect(connection.endpoint('app')).toBe(`${standIn.base}/app`);
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
    for (let i = 0; i < 30; i++) tagged.push(await addCandidate(`Ada Tagged${i}`, 'Backend 2026', `ada${i}@example.com`));
    tagged.push(await addCandidate('Solo', 'Backend 2026', null));
    for (let i = 0; i < 5; i++) await addCandidate(`Bob Other${i}`, 'Frontend 2026', `bob${i}@example.com`);
    await addCandidate('Carol Prefix', 'Backend 2026 (old)', 'carol@example.com');

    const listed = await hrpartnerAdapter.listTagged(connection, 'Backend 2026');
    expect(listed.map((c) => c.ref).sort()).toEqual(tagged.map((c) => c.id).sort());
    const ada = listed.find((c) => c.ref === tagged[7]!.id)!;
    expect(ada).toEqual({
      ref: tagged[7]!.id,
      name: 'Ada Tagged7',
      email: 'ada7@example.com',
      profileHref: `${standIn.base}/app/applicants/${tagged[7]!.id}`,
    });
    expect(listed.find((c) => c.ref === tagged[30]!.id)).toMatchObject({ name: 'Solo', email: null });

    const profile = await fetch(ada.profileHref!);
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain('Ada Tagged7');

    await expect(hrpartnerAdapter.listTagged(connection, 'Nobody has this tag')).resolves.toEqual([]);
    await expectRequestFailed(hrpartnerAdapter.listTagged(atsConnection(hrpartnerAdapter, { authToken: 'hrpartner-wrong-key' }), 'Backend 2026'), {
      status: 401,
      retryable: false,
    });
  });

  it('writes the result as a note on the applicant, once, and appends later results', async () => {
    const candidate = await addCandidate('Dora Notes', 'Notes 2026', 'dora@example.com');
    const first = 'Dora Notes answered the interview: https://app.example.com/answers/abc';
    await hrpartnerAdapter.writeResult(connection, candidate.id, noted(first));
    expect(await notesOf(candidate.id)).toEqual([first]);

    // A retried write-back (its answer lost) does not add the same note twice.
    await hrpartnerAdapter.writeResult(connection, candidate.id, noted(first));
    expect(await notesOf(candidate.id)).toHaveLength(1);

    const second = 'Dora Notes was shortlisted: https://app.example.com/answers/abc';
    await hrpartnerAdapter.writeResult(connection, candidate.id, { ...noted(second), event: 'shortlisted' });
    const notes = await notesOf(candidate.id);
    expect(notes).toEqual([first, second]);
    expect(notes[1]).toContain('https://app.example.com/answers/abc');
  });

  it('fails retryably while HR Partner is down, and a missing applicant fails for good', async () => {
    const candidate = await addCandidate('Eve Outage', 'Outage 2026', 'eve@example.com');
    await outage({ requests: 1, status: 503 });
    await expectRequestFailed(hrpartnerAdapter.writeResult(connection, candidate.id, noted('Eve answered: https://app.example.com/answers/e')), {
      status: 503,
      retryable: true,
    });
    expect(await notesOf(candidate.id)).toEqual([]);

    // The outage is over: the retry lands.
    await hrpartnerAdapter.writeResult(connection, candidate.id, noted('Eve answered: https://app.example.com/answers/e'));
    expect(await notesOf(candidate.id)).toEqual(['Eve answered: https://app.example.com/answers/e']);

    await expectRequestFailed(hrpartnerAdapter.writeResult(connection, 'no-such-applicant', noted('x https://app.example.com/a')), {
      status: 404,
      retryable: false,
    });
  });
});
