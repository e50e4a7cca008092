import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AtsCredentialsRejected } from '../../lambdas/adapters/ats/adapter';
import { comeetAdapter, comeetToken } from '../../lambdas/adapters/ats/comeet';
import { atsConnection } from '../../lambdas/adapters/ats/connection';
import type { StandInCandidate } from '../../lib/local/ats/types';
import { COMEET_LOCAL_PARTNER_SECRET, comeetStandIn } from '../../lib/local/ats/vendors/comeet';
import { startSecretsManagerLocal, type SecretsManagerLocal } from '../../lib/local/secrets-manager-local';
import { itWritesResultsAsNotes, result, useEnvironment, useStandIn } from './support';

/**
 * The comeet adapter against the Comeet stand-in: the partner secret comes from a local Secrets
 * Manager (as in Lambda), the API key from the integration's credentials.
 */
const PARTNER_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:test-comeet-partner';
let secrets: SecretsManagerLocal;
beforeAll(async () => {
  secrets = await startSecretsManagerLocal({ secrets: { [PARTNER_SECRET_ARN]: COMEET_LOCAL_PARTNER_SECRET } });
});
afterAll(async () => {
  await secrets?.stop();
});

const standIn = useStandIn(comeetStandIn);
const { addCandidate } = standIn;
useEnvironment(() => ({
  COMEET_PARTNER_SECRET_ID: PARTNER_SECRET_ARN,
  AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.endpoint,
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
}));

const connection = (apiKey = 'comeet-local-key') => atsConnection(comeetAdapter, { authToken: apiKey });

/** A note with text Comeet's HTML notes have to escape. */
const responded = (answersHref: string) =>
  result(answersHref, { note: `Responded to the video interview <Senior engineer> & more.\nAnswers: ${answersHref}` });

describe('comeet adapter against the Comeet stand-in', () => {
  it('points at the stand-in through ATS_COMEET_API_URL', () => {
    expect(connection().endpoint('api')).toBe(`${standIn.base}/api`);
    expect(comeetAdapter.endpoints).toEqual({ api: 'https://api.comeet.co', app: 'https://app.comeet.co' });
  });

  it('accepts the account API key and refuses another or none', async () => {
    await expect(comeetAdapter.verifyCredentials(connection())).resolves.toBeUndefined();
    await expect(comeetAdapter.verifyCredentials(connection('some-other-key'))).rejects.toBeInstanceOf(AtsCredentialsRejected);
    await expect(comeetAdapter.verifyCredentials(atsConnection(comeetAdapter, {}))).rejects.toBeInstanceOf(AtsCredentialsRejected);
  });

  it('the stand-in refuses a token not signed with the partner secret, an expired one and no token', async () => {
    const candidates = `${standIn.base}/api/candidates?limit=1`;
    const statusWith = async (authorization?: string) => (await fetch(candidates, { headers: authorization ? { authorization } : {} })).status;
    expect(await statusWith(`Bearer ${comeetToken('comeet-local-key', COMEET_LOCAL_PARTNER_SECRET)}`)).toBe(200);
    expect(await statusWith(`Bearer ${comeetToken('comeet-local-key', 'another-partner-secret')}`)).toBe(401);
    expect(await statusWith(`Bearer ${comeetToken('comeet-local-key', COMEET_LOCAL_PARTNER_SECRET, Date.now() - 11 * 60 * 1000)}`)).toBe(401);
    expect(await statusWith()).toBe(401);
    const refused = await fetch(candidates, { headers: { authorization: `Bearer ${comeetToken('nope', COMEET_LOCAL_PARTNER_SECRET)}` } });
    expect(await refused.json()).toEqual({ status: 401, error: 'unauthorized', message: 'Unknown API key' });
  });

  it('lists exactly the candidates carrying the tag, across pages, with their profile links', async () => {
    // 130 hiring processes: two pages of the adapter's 100; the tagged ones on both.
    const tagged: StandInCandidate[] = [];
    for (let i = 0; i < 130; i += 1) {
      if ([0, 57, 99, 100, 129].includes(i))
        tagged.push(await addCandidate(`Tagged Person ${i}`, 'Video screen', i === 57 ? null : `tagged${i}@example.com`));
      else await addCandidate(`Other Person ${i}`, i % 2 ? 'Video screen later' : 'Phone screen', `other${i}@example.com`);
    }
    const listed = await comeetAdapter.listTagged(connection(), 'Video screen');
    expect(listed.map((c) => c.ref).sort()).toEqual(tagged.map((c) => c.id).sort());
    const first = listed.find((c) => c.ref === tagged[0]!.id)!;
    expect(first).toEqual({
      ref: tagged[0]!.id,
      name: 'Tagged Person 0',
      email: 'tagged0@example.com',
      profileHref: `${standIn.base}/app/req/1/can/${tagged[0]!.id}`,
    });
    expect(listed.find((c) => c.ref === tagged[1]!.id)!.email).toBeNull();
    // Tags compare without regard to case; a tag nobody has lists no one.
    expect((await comeetAdapter.listTagged(connection(), ' video SCREEN ')).length).toBe(5);
    expect(await comeetAdapter.listTagged(connection(), 'Nobody has this')).toEqual([]);
    // The profile link opens the candidate's page.
    const profile = await fetch(first.profileHref!);
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain('Tagged Person 0');
  });

  it('the stand-in filters by recent activity as Comeet does', async () => {
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const response = await fetch(`${standIn.base}/api/candidates?${new URLSearchParams({ 'time_hiring_process_updated:after': tomorrow })}`, {
      headers: { authorization: `Bearer ${comeetToken('comeet-local-key', COMEET_LOCAL_PARTNER_SECRET)}` },
    });
    expect(await response.json()).toEqual({ candidates: [], next_page: null });
  });

  itWritesResultsAsNotes({
    adapter: comeetAdapter,
    standIn,
    connection,
    result: responded,
    on: "candidate's profile",
    tag: 'Video screen',
    unknownId: 'NO.SUCH',
  });

  it('has no webhooks: Comeet cannot register one for tags', () => {
    expect(comeetAdapter.webhooks).toBeUndefined();
    expect(comeetStandIn.webhookDelivery).toBeUndefined();
  });
});
