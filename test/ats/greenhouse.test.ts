import { describe, expect, it } from 'vitest';
import { AtsCredentialsRejected, type AtsCredentials } from '../../lambdas/adapters/ats/adapter';
import { greenhouseAdapter } from '../../lambdas/adapters/ats/greenhouse';
import type { StandInCandidate } from '../../lib/local/ats/types';
import { greenhouseStandIn } from '../../lib/local/ats/vendors/greenhouse';
import { connect, expectRequestFailed, result, useStandIn } from './support';

/** Greenhouse's adapter (Harvest v3, client credentials) against its stand-in. */
const standIn = useStandIn(greenhouseStandIn);
const { addCandidate, candidateNow, control, outage } = standIn;

/** The credentials as the Integrate tab stores them: client ID as the username, its secret as the API key. */
const RIGHT: AtsCredentials = { username: 'greenhouse-local-client', authToken: 'greenhouse-local-secret' };

/** A connection that records the credentials the adapter saves (the access token it caches, with its expiry). */
const connectWith = (credentials: AtsCredentials = RIGHT) => connect(greenhouseAdapter, credentials);

describe('Greenhouse credentials', () => {
  it('accepts the client credentials and caches the access token in the connection', async () => {
    const { connection, saved } = connectWith();
    await expect(greenhouseAdapter.verifyCredentials(connection)).resolves.toBeUndefined();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ ...RIGHT, accessToken: expect.stringMatching(/.+/) });
    const expiresIn = Date.parse(saved[0]!.expiresAt!) - Date.now();
    expect(expiresIn).toBeGreaterThan(55 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);

    // The cached token serves the next calls; no new token is asked for.
    await greenhouseAdapter.listTagged(connection, 'nobody-has-this-tag');
    expect(saved).toHaveLength(1);
  });

  it('rejects a wrong secret, a wrong client ID or missing credentials with AtsCredentialsRejected', async () => {
    for (const credentials of [{ ...RIGHT, authToken: 'wrong-secret' }, { ...RIGHT, username: 'wrong-client' }, {}]) {
      await expect(greenhouseAdapter.verifyCredentials(connectWith(credentials).connection)).rejects.toBeInstanceOf(AtsCredentialsRejected);
    }
  });

  it('gets a new token when Greenhouse refuses the cached one, and when it nears expiry', async () => {
    const candidate = await addCandidate('Terry Token', 'token-tag');
    const { connection, saved } = connectWith();
    await greenhouseAdapter.verifyCredentials(connection);
    await control('/expire-tokens', {});
    await greenhouseAdapter.writeResult(connection, candidate.id, result('https://app.example.com/answers/t'));
    expect(saved).toHaveLength(2);
    expect(saved[1]!.accessToken).not.toBe(saved[0]!.accessToken);
    expect(connection.credentials.accessToken).toBe(saved[1]!.accessToken);
    expect((await candidateNow(candidate.id)).notes).toHaveLength(1);

    const nearlyExpired = connectWith({ ...connection.credentials, expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await greenhouseAdapter.listTagged(nearlyExpired.connection, 'token-tag');
    expect(nearlyExpired.saved).toHaveLength(1);
  });
});

describe('Greenhouse sync and write-back', () => {
  it('lists exactly the candidates with the tag, across pages, with their active application and profile link', async () => {
    const tagged: StandInCandidate[] = [];
    for (let i = 0; i < 104; i += 1) tagged.push(await addCandidate(`Tagged Person ${i}`, 'Video Interview'));
    tagged.push(await addCandidate('Prince', 'Video Interview', null));
    for (let i = 0; i < 3; i += 1) await addCandidate(`Other Person ${i}`, 'another-tag');

    const { connection } = connectWith();
    const listed = await greenhouseAdapter.listTagged(connection, 'video interview');
    expect(listed).toHaveLength(tagged.length);
    expect(listed.map((c) => c.ref.split(':')[0]).sort()).toEqual(tagged.map((c) => c.id).sort());
    const first = listed.find((c) => c.ref.startsWith(`${tagged[0]!.id}:`))!;
    expect(first).toEqual({
      ref: `${tagged[0]!.id}:${tagged[0]!.id}-1`,
      name: 'Tagged Person 0',
      email: 'tagged.person.0@example.com',
      profileHref: `${standIn.base}/app/people/${tagged[0]!.id}`,
    });
    expect(listed.find((c) => c.name === 'Prince')!.email).toBeNull();

    const profile = await fetch(first.profileHref!);
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain('Tagged Person 0');
  });

  it('writes the note with the link, and moves the application to its next stage only when asked', async () => {
    const candidate = await addCandidate('Stella Stage', 'stage-tag');
    const { connection } = connectWith();
    const [listed] = await greenhouseAdapter.listTagged(connection, 'stage-tag');
    expect(listed!.ref).toBe(`${candidate.id}:${candidate.id}-1`);

    await greenhouseAdapter.writeResult(connection, listed!.ref, result('https://app.example.com/answers/1'));
    let now = await candidateNow(candidate.id);
    expect(now.notes.map((n) => n.body)).toEqual(['The candidate answered the video interview: https://app.example.com/answers/1']);
    expect(now.stageMoves).toEqual([]);
    expect(now.stage).toBe('Application Review');

    await greenhouseAdapter.writeResult(connection, listed!.ref, result('https://app.example.com/answers/2', { advanceStage: true }));
    now = await candidateNow(candidate.id);
    expect(now.notes).toHaveLength(2);
    expect(now.notes[1]!.body).toContain('https://app.example.com/answers/2');
    expect(now.stageMoves).toMatchObject([{ from: 'Application Review', to: 'Video Interview' }]);
    expect(now.stage).toBe('Video Interview');

    await greenhouseAdapter.writeResult(connection, listed!.ref, result('https://app.example.com/answers/3', { advanceStage: true }));
    now = await candidateNow(candidate.id);
    expect(now.stageMoves.map((m) => `${m.from} → ${m.to}`)).toEqual(['Application Review → Video Interview', 'Video Interview → Phone Screen']);
    expect(now.stage).toBe('Phone Screen');
  });

  it('fails with a retryable AtsRequestFailed while Greenhouse is having an outage', async () => {
    const candidate = await addCandidate('Olga Outage', 'outage-tag');
    const { connection } = connectWith();
    await greenhouseAdapter.verifyCredentials(connection);
    await outage({ requests: 1, status: 503 });
    const answered = result('https://app.example.com/answers/9', { advanceStage: true });
    await expectRequestFailed(greenhouseAdapter.writeResult(connection, `${candidate.id}:${candidate.id}-1`, answered), {
      retryable: true,
      status: 503,
    });
    const now = await candidateNow(candidate.id);
    expect(now.notes).toHaveLength(0);
    expect(now.stageMoves).toHaveLength(0);
  });

  it('pages lists as Harvest v3 does: the Link header’s next URL, whose cursor must travel alone', async () => {
    for (const name of ['Page One', 'Page Two', 'Page Three']) await addCandidate(name, 'paging-tag');
    const tokenResponse = await fetch(`${standIn.base}/auth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${RIGHT.username}:${RIGHT.authToken}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const get = (url: string) => fetch(url, { headers: { authorization: `Bearer ${token}` } });

    expect((await fetch(`${standIn.base}/api/v3/candidates`)).status).toBe(401);
    const first = await get(`${standIn.base}/api/v3/candidates?per_page=2`);
    expect(first.status).toBe(200);
    const link = first.headers.get('link')!;
    expect(link).toMatch(/^<[^>]+\?cursor=[^>&]+>; rel="next"$/);
    const next = /^<([^>]+)>/.exec(link)![1]!;
    const second = await get(next);
    const [firstIds, secondIds] = [(await first.json()) as { id: string }[], (await second.json()) as { id: string }[]].map((page) =>
      page.map((c) => c.id),
    );
    expect(firstIds).toHaveLength(2);
    expect(secondIds).toHaveLength(2);
    expect(secondIds.filter((id) => firstIds!.includes(id))).toEqual([]);
    expect((await get(`${next}&per_page=2`)).status).toBe(422);
  });

  it('has no webhooks: Greenhouse webhooks are set up by hand, so the 15-minute sync brings tags in', () => {
    expect(greenhouseAdapter.webhooks).toBeUndefined();
    expect(greenhouseStandIn.webhookDelivery).toBeUndefined();
  });
});
