import { describe, expect, it } from 'vitest';
import { AtsCredentialsRejected, type AtsCredentials } from '../../lambdas/adapters/ats/adapter';
import { LEVER_SCOPES, exchangeLeverCode, leverAdapter, leverConsentHref } from '../../lambdas/adapters/ats/lever';
import type { StandInCandidate } from '../../lib/local/ats/types';
import { LEVER_LOCAL_OAUTH_CLIENT, leverStandIn } from '../../lib/local/ats/vendors/lever';
import { connect, expectRequestFailed, result, useStandIn, useWebhookReceiver } from './support';

/** Lever's adapter against its stand-in: OAuth consent and tokens, the tag sync, notes, webhooks. */
const standIn = useStandIn(leverStandIn);
const { addCandidate, candidateNow, control, notesOf, outage } = standIn;
const REDIRECT_URI = 'https://app.example.com/complete-lever-integration';

/** A connection as the product builds it, with the Lever OAuth client the local stack puts in its secret. */
const connectionWith = (credentials: AtsCredentials, beforeSave?: (next: AtsCredentials) => Promise<void>) =>
  connect(leverAdapter, credentials, { beforeSave, oauthClient: LEVER_LOCAL_OAUTH_CLIENT });

/** Lever's consent page, the form of one of its buttons submitted, and the redirect it answers. */
const consent = async (decision: 'Allow' | 'Deny', state = 'state-123') => {
  const { connection } = connectionWith({});
  const page = await fetch(leverConsentHref(connection, LEVER_LOCAL_OAUTH_CLIENT.clientId, REDIRECT_URI, state));
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = [...html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)].find((match) =>
    match[2]!.includes(`>${decision}</button>`),
  );
  expect(form).toBeDefined();
  const fields = new URLSearchParams(
    [...form![2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [match[1]!, match[2]!.replace(/&amp;/g, '&')]),
  );
  const answer = await fetch(form![1]!.replace(/&amp;/g, '&'), { method: 'POST', body: fields, redirect: 'manual' });
  expect(answer.status).toBe(302);
  return { html, location: new URL(answer.headers.get('location')!) };
};

/** Connects as an owner would: consent, then the code exchange; the credentials the integration keeps. */
const connectAsOwner = async () => {
  const { location } = await consent('Allow');
  const { connection } = connectionWith({});
  return exchangeLeverCode(connection, location.searchParams.get('code')!, REDIRECT_URI);
};

describe('Lever OAuth', () => {
  it('builds the consent link with the client, redirect, state, scopes and Lever’s audience', () => {
    const { connection } = connectionWith({});
    const href = new URL(leverConsentHref(connection, 'client-1', REDIRECT_URI, 'state-abc'));
    expect(`${href.origin}${href.pathname}`).toBe(`${standIn.base}/auth/authorize`);
    expect(href.searchParams.get('client_id')).toBe('client-1');
    expect(href.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(href.searchParams.get('state')).toBe('state-abc');
    expect(href.searchParams.get('response_type')).toBe('code');
    expect(href.searchParams.get('audience')).toBe(`${standIn.base}/api/v1/`);
    expect(href.searchParams.get('scope')!.split(' ')).toEqual([...LEVER_SCOPES]);
    expect(LEVER_SCOPES).toEqual(expect.arrayContaining(['offline_access', 'opportunities:read:admin', 'notes:write:admin', 'webhooks:write:admin']));
    // The real Lever, without the stand-in's environment.
    const real = new URL(leverConsentHref({ ...connection, endpoint: (name) => leverAdapter.endpoints[name]! }, 'client-1', REDIRECT_URI, 's'));
    expect(real.origin).toBe('https://auth.lever.co');
    expect(real.searchParams.get('audience')).toBe('https://api.lever.co/v1/');
  });

  it('shows an accessible consent page whose Allow returns a code and whose Deny returns access_denied, both with the state', async () => {
    const allowed = await consent('Allow', 'state-allow');
    expect(allowed.html).toMatch(/<html lang="en">/);
    expect(allowed.html).toMatch(/<title>[^<]+<\/title>/);
    expect(allowed.html).toMatch(/<main>[\s\S]*<h1>[^<]+<\/h1>[\s\S]*<\/main>/);
    expect(allowed.html).toContain('notes:write:admin');
    expect(`${allowed.location.origin}${allowed.location.pathname}`).toBe(REDIRECT_URI);
    expect(allowed.location.searchParams.get('code')).toBeTruthy();
    expect(allowed.location.searchParams.get('state')).toBe('state-allow');

    const denied = await consent('Deny', 'state-deny');
    expect(denied.location.searchParams.get('error')).toBe('access_denied');
    expect(denied.location.searchParams.get('error_description')).toBeTruthy();
    expect(denied.location.searchParams.get('state')).toBe('state-deny');
    expect(denied.location.searchParams.has('code')).toBe(false);
  });

  it('exchanges the code for tokens once, and refuses the code a second time or for another redirect URI', async () => {
    const { location } = await consent('Allow');
    const code = location.searchParams.get('code')!;
    const { connection } = connectionWith({});
    const credentials = await exchangeLeverCode(connection, code, REDIRECT_URI);
    expect(credentials.accessToken).toBeTruthy();
    expect(credentials.refreshToken).toBeTruthy();
    const expiresIn = Date.parse(credentials.expiresAt!) - Date.now();
    expect(expiresIn).toBeGreaterThan(55 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);

    await expectRequestFailed(exchangeLeverCode(connection, code, REDIRECT_URI), { status: 403, retryable: false });

    const other = await consent('Allow');
    await expectRequestFailed(exchangeLeverCode(connection, other.location.searchParams.get('code')!, 'https://evil.example.com/cb'), {});
  });

  it('accepts the connection’s tokens and rejects tokens Lever does not know with AtsCredentialsRejected', async () => {
    const { connection } = connectionWith(await connectAsOwner());
    await expect(leverAdapter.verifyCredentials(connection)).resolves.toBeUndefined();

    const stranger = connectionWith({
      accessToken: 'not-a-token',
      refreshToken: 'not-a-refresh-token',
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    await expect(leverAdapter.verifyCredentials(stranger.connection)).rejects.toBeInstanceOf(AtsCredentialsRejected);
    const noRefresh = connectionWith({ accessToken: 'not-a-token', expiresAt: new Date(Date.now() + 3600_000).toISOString() });
    await expect(leverAdapter.verifyCredentials(noRefresh.connection)).rejects.toBeInstanceOf(AtsCredentialsRejected);
  });

  it('refreshes an expired token on Lever’s 401, saving the rotated tokens before the retried call', async () => {
    const candidate = await addCandidate('Rita Refresh', 'refresh-tag');
    const initial = await connectAsOwner();
    const events: string[] = [];
    const { connection, saved } = connectionWith(initial, async () => {
      // Saved before the retried call: the note is not in Lever yet.
      const now = await candidateNow(candidate.id);
      events.push(`saved with ${now.notes.length} notes`);
    });
    await control('/expire-tokens', {});
    await leverAdapter.writeResult(connection, candidate.id, result('https://app.example.com/answers/1', { advanceStage: true }));

    expect(events).toEqual(['saved with 0 notes']);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.accessToken).not.toBe(initial.accessToken);
    expect(saved[0]!.refreshToken).not.toBe(initial.refreshToken);
    expect(connection.credentials).toEqual(saved[0]);
    expect(await notesOf(candidate.id)).toHaveLength(1);

    // The spent refresh token is refused: Lever rotates them.
    const stale = connectionWith({ ...initial, accessToken: 'expired', expiresAt: new Date(Date.now() - 1000).toISOString() });
    await expect(leverAdapter.verifyCredentials(stale.connection)).rejects.toBeInstanceOf(AtsCredentialsRejected);
  });

  it('refreshes before the call when the token expires within five minutes', async () => {
    const initial = await connectAsOwner();
    const { connection, saved } = connectionWith({ ...initial, expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await leverAdapter.listTagged(connection, 'no-such-tag');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.accessToken).not.toBe(initial.accessToken);
  });
});

describe('Lever sync and write-back', () => {
  it('lists exactly the opportunities with the tag, across pages, with their profile links', async () => {
    const tagged: StandInCandidate[] = [];
    for (let i = 0; i < 105; i += 1) tagged.push(await addCandidate(`Tagged Person ${i}`, 'video-interview'));
    tagged.push(await addCandidate('No Email', 'video-interview', null));
    for (let i = 0; i < 4; i += 1) await addCandidate(`Other Person ${i}`, 'another-tag');
    await addCandidate('Wrong Case', 'Video-Interview');

    const { connection } = connectionWith(await connectAsOwner());
    const listed = await leverAdapter.listTagged(connection, 'video-interview');
    expect(listed.map((c) => c.ref).sort()).toEqual(tagged.map((c) => c.id).sort());
    const first = listed.find((c) => c.ref === tagged[0]!.id)!;
    expect(first).toEqual({
      ref: tagged[0]!.id,
      name: 'Tagged Person 0',
      email: 'tagged.person.0@example.com',
      profileHref: `${standIn.base}/app/candidates/${tagged[0]!.id}`,
    });
    expect(listed.find((c) => c.name === 'No Email')!.email).toBeNull();

    const profile = await fetch(first.profileHref!);
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain('Tagged Person 0');
  });

  it('writes the note with the link to the opportunity', async () => {
    const candidate = await addCandidate('Nora Note', 'note-tag');
    const { connection } = connectionWith(await connectAsOwner());
    await leverAdapter.writeResult(connection, candidate.id, result('https://app.example.com/answers/42', { advanceStage: true }));
    const notes = await notesOf(candidate.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('https://app.example.com/answers/42');
  });

  it('fails with a retryable AtsRequestFailed while Lever is having an outage', async () => {
    const candidate = await addCandidate('Olga Outage', 'outage-tag');
    const { connection } = connectionWith(await connectAsOwner());
    await outage({ requests: 1, status: 503 });
    const answered = result('https://app.example.com/answers/7', { advanceStage: true });
    await expectRequestFailed(leverAdapter.writeResult(connection, candidate.id, answered), { retryable: true, status: 503 });
    expect(await notesOf(candidate.id)).toHaveLength(0);
  });
});

describe('Lever webhooks', () => {
  /** Our webhook endpoint: records what Lever (the stand-in) posts to it. */
  const receiver = useWebhookReceiver('/api/v1/integrations/int-1/webhook');
  const { deliveries } = receiver;

  it('registers applicationCreated, verifies Lever’s signed delivery, refuses a wrong secret or tampered fields, and unregisters', async () => {
    const { connection } = connectionWith(await connectAsOwner());
    const registered = await leverAdapter.webhooks!.register(connection, receiver.url(), 'our-secret-not-used-by-lever');
    expect(registered.webhookIds).toHaveLength(1);
    expect(registered.secret).toMatch(/^[0-9a-f]{48}$/);
    const hooks = (await standIn.state()).hooks;
    expect(hooks).toEqual([{ id: registered.webhookIds[0], url: receiver.url(), event: 'applicationCreated', secret: registered.secret }]);

    const candidate = await addCandidate('Wendy Webhook', 'webhook-tag');
    expect(deliveries).toHaveLength(1);
    const delivery = deliveries[0]!;
    const body = JSON.parse(delivery.rawBody) as { event: string; triggeredAt: number; token: string; data: { opportunityId: string } };
    expect(body.event).toBe('applicationCreated');
    expect(body.data.opportunityId).toBe(candidate.id);
    expect(leverAdapter.webhooks!.verify(delivery, registered.secret)).toBe(true);
    expect(leverAdapter.webhooks!.verify(delivery, 'a-wrong-secret')).toBe(false);
    // Lever signs token + triggeredAt: changing either (or the signature) breaks it.
    const tampered = (change: Record<string, unknown>) => ({ ...delivery, rawBody: JSON.stringify({ ...JSON.parse(delivery.rawBody), ...change }) });
    expect(leverAdapter.webhooks!.verify(tampered({ triggeredAt: body.triggeredAt + 1 }), registered.secret)).toBe(false);
    const otherToken = body.token.replace(/.$/, (last) => (last === '0' ? '1' : '0'));
    expect(leverAdapter.webhooks!.verify(tampered({ token: otherToken }), registered.secret)).toBe(false);
    expect(leverAdapter.webhooks!.verify(tampered({ signature: '0'.repeat(64) }), registered.secret)).toBe(false);
    expect(leverAdapter.webhooks!.verify({ ...delivery, rawBody: 'not json' }, registered.secret)).toBe(false);

    // A replay from the control page is signed afresh and verifies too.
    await control(`/candidates/${candidate.id}/webhook`, {});
    expect(deliveries).toHaveLength(2);
    expect(leverAdapter.webhooks!.verify(deliveries[1]!, registered.secret)).toBe(true);

    await leverAdapter.webhooks!.unregister(connection, registered.webhookIds);
    expect((await standIn.state()).hooks).toEqual([]);
    // Unregistering a webhook Lever no longer has is not an error.
    await expect(leverAdapter.webhooks!.unregister(connection, registered.webhookIds)).resolves.toBeUndefined();
  });
});
