import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call } from '../support/api';
import { memberInviteNonce } from '../support/route-fixtures';
import { signIn } from '../support/accounts';
import { addOidcProvider, callbackPath, proveDomain, registerAt, setTxt, ssoDomain, ssoSignIn, startSignIn, walkSignIn } from '../support/sso';

/**
 * Single sign-on with OpenID Connect (issue 42), against the local OpenID provider (oidc-provider at
 * /_local/oidc) and the DNS stand-in: the owner's set-up, who signs in and who joins, what requiring
 * single sign-on stops, the recovery code, and each refusal of a token that must not sign anyone in.
 */
type Owner = Awaited<ReturnType<typeof registerAt>>;

let domain: string;
let owner: Owner;
let providerId: string;

const tamperNextIdToken = async (tamper: { claims?: Record<string, unknown>; sign_with?: 'stranger'; email?: string }) => {
  const res = await fetch(`${baseUrl()}/_local/oidc/next-id-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(tamper),
  });
  expect(res.status, await res.text()).toBeLessThan(300);
};

const me = (sessionId: string) => call('getMe', { session: sessionId });
const at = (label: string) => `${label}-${randomUUID().slice(0, 8)}@${domain}`;

const setSettings = async (settings: { require_sso: boolean; join_mode: 'invitation_only' | 'join_as_member' }, session = owner.sessionId) =>
  call('putSsoSettings', { params: { companyId: owner.companyId }, session, body: settings });

beforeAll(async () => {
  domain = ssoDomain();
  owner = await registerAt(domain);
  providerId = (await addOidcProvider(owner)).provider_id;
  await proveDomain(owner, domain);
});

describe('setting up single sign-on', () => {
  it('shows the provider with the redirect URL to paste, the proven domain and the settings, without the secret', async () => {
    const res = await call('getSsoConfiguration', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect(res.status, res.text).toBe(200);
    expect(res.body.providers).toEqual([
      expect.objectContaining({ provider_id: providerId, kind: 'oidc', client_id: 'video-interviews-local', setup: { redirect_url: `${baseUrl()}${callbackPath}` } }),
    ]);
    expect(res.text).not.toContain('local-oidc-secret');
    expect(res.body.domains).toEqual([expect.objectContaining({ domain, status: 'proven' })]);
    expect(res.body.settings).toEqual({ require_sso: false, join_mode: 'invitation_only' });
  });

  it('refuses an issuer whose discovery document does not answer or names another issuer, and private addresses', async () => {
    for (const issuer of [`${baseUrl()}/_local/oidc-nowhere`, `${baseUrl()}/_local/oidc/`, 'https://10.1.2.3/realms/x', 'http://169.254.169.254/latest']) {
      const res = await call('createSsoProvider', {
        params: { companyId: owner.companyId },
        session: owner.sessionId,
        body: { kind: 'oidc', name: 'Bad', issuer, client_id: 'x', client_secret: 'y' },
      });
      expect(res.status, `${issuer}: ${res.text}`).toBe(400);
      expect(res.body.detail[0].loc, issuer).toEqual(['body', 'issuer']);
    }
  });

  it('proves a domain only with the exact TXT value, says what it found, and for one company only', async () => {
    const other = ssoDomain();
    const added = await call('createSsoDomain', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { domain: other } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ status: 'pending', txt_name: `_video-interviews-challenge.${other}` });
    const check = () => call('checkSsoDomain', { params: { companyId: owner.companyId, domain: other }, session: owner.sessionId });
    const none = await check();
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'domain_unproven', detail: expect.stringMatching(/No TXT record was found/) });
    await setTxt(added.body.txt_name, ['video-interviews-domain-verification=wrong']);
    const wrong = await check();
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toContain('verification=wrong');
    await setTxt(added.body.txt_name, ['v=spf1 -all', added.body.txt_value]);
    expect((await check()).body.status).toBe('proven');

    // Another company cannot prove it too, even with its own record in place.
    const rival = await registerAt(ssoDomain());
    const theirs = await call('createSsoDomain', { params: { companyId: rival.companyId }, session: rival.sessionId, body: { domain: other } });
    await setTxt(theirs.body.txt_name, [added.body.txt_value, theirs.body.txt_value]);
    const taken = await call('checkSsoDomain', { params: { companyId: rival.companyId, domain: other }, session: rival.sessionId });
    expect(taken.status, taken.text).toBe(409);
    expect(taken.body.code).toBe('domain_taken');
  });

  it('refuses to require single sign-on before a provider and a proven domain exist', async () => {
    const bare = await registerAt(ssoDomain());
    const res = await call('putSsoSettings', {
      params: { companyId: bare.companyId },
      session: bare.sessionId,
      body: { require_sso: true, join_mode: 'invitation_only' },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'require_sso'] });
  });

  it('starts no single sign-on for an address at a domain nobody proved', async () => {
    const res = await call('startSsoSignIn', { body: { email: `someone@${ssoDomain()}` } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('sso_not_configured');
  });
});

describe('signing in and joining', () => {
  it('starts the code flow with PKCE S256, state, nonce and the redirect URL', async () => {
    const res = await call('startSsoSignIn', { body: { email: at('look') } });
    expect(res.status, res.text).toBe(201);
    const url = new URL(res.body.redirect_url);
    expect(`${url.origin}${url.pathname}`.startsWith(`${baseUrl()}/_local/oidc`)).toBe(true);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'video-interviews-local',
      redirect_uri: `${baseUrl()}${callbackPath}`,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)?.length ?? 0, name).toBeGreaterThanOrEqual(32);
  });

  it('lets an invited person join by signing in, and refuses one without an invitation', async () => {
    const invited = at('invited');
    expect((await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email: invited } })).status).toBe(201);
    const session = await ssoSignIn(invited);
    expect('sessionId' in session, JSON.stringify(session)).toBe(true);
    const profile = await me((session as { sessionId: string }).sessionId);
    expect(profile.body.companies).toEqual([expect.objectContaining({ company_id: owner.companyId, user_role: 'member' })]);

    expect(await ssoSignIn(at('uninvited'))).toEqual({ error: 'sso_not_member' });
  });

  it('lets anyone from the domain join as a member when the owner chose so', async () => {
    expect((await setSettings({ require_sso: false, join_mode: 'join_as_member' })).status).toBe(200);
    const session = (await ssoSignIn(at('newcomer'))) as { sessionId: string };
    expect(session.sessionId).toBeDefined();
    expect((await me(session.sessionId)).body.companies).toEqual([expect.objectContaining({ company_id: owner.companyId, user_role: 'member' })]);
    expect((await setSettings({ require_sso: false, join_mode: 'invitation_only' })).status).toBe(200);
  });

  it('uses a ticket once, and a state once', async () => {
    const email = at('twice');
    await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } });
    const started = await startSignIn(email);
    const outcome = await walkSignIn(started.url, email, { bindingCookie: started.bindingCookie });
    if (!('ticket' in outcome)) throw new Error(JSON.stringify(outcome));
    expect((await call('createSsoSession', { body: { ticket: outcome.ticket } })).status).toBe(201);
    const again = await call('createSsoSession', { body: { ticket: outcome.ticket } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('sso_expired');

    // A callback with a state nobody issued (or one already used) goes back to the app as expired.
    const forged = await fetch(`${baseUrl()}${callbackPath}?code=abc&state=${'x'.repeat(43)}`, { redirect: 'manual' });
    expect(forged.status).toBe(303);
    expect(forged.headers.get('location')).toBe(`${baseUrl()}/#/sso?error=sso_expired`);
  });

  it("refuses a sign-in finished in another browser than the one that started it (login CSRF)", async () => {
    const email = at('csrf');
    await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } });
    // Without the starting browser's cookie, or with another sign-in's: refused (and the state is spent).
    expect(await walkSignIn((await startSignIn(email)).url, email)).toEqual({ error: 'sso_failed' });
    const [theirs, mine] = [await startSignIn(email), await startSignIn(email)];
    expect(await walkSignIn(theirs.url, email, { bindingCookie: mine.bindingCookie })).toEqual({ error: 'sso_failed' });
    expect(await walkSignIn(mine.url, email, { bindingCookie: mine.bindingCookie })).toEqual({ ticket: expect.any(String) });
  });

  it('keeps signing in after the provider rotates its signing key', async () => {
    const email = at('rotation');
    await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } });
    expect('sessionId' in (await ssoSignIn(email))).toBe(true);
    const rotated = await fetch(`${baseUrl()}/_local/oidc/rotate-keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"drop_old":false}' });
    expect(rotated.status).toBeLessThan(300);
    expect('sessionId' in (await ssoSignIn(email))).toBe(true);
  });
});

describe('refusing ID tokens that must not sign anyone in', () => {
  let email: string;
  beforeAll(async () => {
    email = at('victim');
    await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } });
  });

  const refusals: [string, Parameters<typeof tamperNextIdToken>[0]][] = [
    ['another issuer', { claims: { iss: 'https://evil.example.com' } }],
    ['another audience', { claims: { aud: 'some-other-client' } }],
    ['another nonce', { claims: { nonce: 'not-the-nonce-we-sent' } }],
    ['an expired token (beyond the minute of skew)', { claims: { exp: Math.floor(Date.now() / 1000) - 120, iat: Math.floor(Date.now() / 1000) - 600 } }],
    ['a token issued in the future', { claims: { iat: Math.floor(Date.now() / 1000) + 3600, nbf: Math.floor(Date.now() / 1000) + 3600 } }],
    ['a signature by a key the provider does not publish', { claims: {}, sign_with: 'stranger' }],
  ];
  for (const [what, tamper] of refusals) {
    it(`refuses ${what}`, async () => {
      // Only this person's next token: other files' sign-ins run on the same provider meanwhile.
      await tamperNextIdToken({ ...tamper, email });
      expect(await ssoSignIn(email)).toEqual({ error: 'sso_failed' });
    });
  }

  it("refuses an identity at a domain the company did not prove, though the company's provider vouches for it", async () => {
    // The provider is the company's, the token genuine: the address is what no company proved (an account elsewhere must stay out of reach).
    await tamperNextIdToken({ claims: { email: `someone@${ssoDomain()}` }, email });
    expect(await ssoSignIn(email)).toEqual({ error: 'sso_domain_unproven' });
    await tamperNextIdToken({ claims: { email: `someone-${randomUUID().slice(0, 8)}@example.com` }, email });
    expect(await ssoSignIn(email)).toEqual({ error: 'sso_domain_unproven' });
  });

  it('signs the same person in again once the token is genuine', async () => {
    expect('sessionId' in (await ssoSignIn(email))).toBe(true);
  });
});

describe('requiring single sign-on', () => {
  it('refuses e-mailed codes to members at the domain, ends their other sessions, keeps the owner in with a recovery code', async () => {
    // A member who joined by the invitation's link holds a code session; so does the owner, twice.
    const member = at('member');
    await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email: member } });
    const joined = await call('confirmMemberInvite', { body: { nonce: await memberInviteNonce(member) } });
    expect(joined.status, joined.text).toBe(201);
    const viaSso = (await ssoSignIn(member)) as { sessionId: string };
    const ownersOther = await signIn(owner.email);

    const required = await setSettings({ require_sso: true, join_mode: 'invitation_only' });
    expect(required.status, required.text).toBe(200);
    const recoveryCode = required.body.recovery_code as string;
    expect(recoveryCode).toMatch(/^VIR(-[A-Z0-9]{5}){4}$/);

    expect((await me(joined.body.session_id)).status).toBe(401);
    expect((await me(ownersOther.sessionId)).status).toBe(401);
    expect((await me(viaSso.sessionId)).status).toBe(200);
    expect((await me(owner.sessionId)).status).toBe(200);

    for (const email of [member, owner.email]) {
      const code = await call('sendMagicCode', { body: { email } });
      expect(code.status, email).toBe(403);
      expect(code.body.code).toBe('sso_required');
    }
    // An address at another domain is not concerned.
    const elsewhere = await call('sendMagicCode', { body: { email: `someone-${randomUUID().slice(0, 8)}@example.com` } });
    expect(elsewhere.status).toBe(202);

    // An invitation's link is refused too: the invitee signs in through the provider.
    const late = at('late');
    await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email: late } });
    const link = await call('confirmMemberInvite', { body: { nonce: await memberInviteNonce(late) } });
    expect(link.status).toBe(403);
    expect(link.body.code).toBe('sso_required');
    expect('sessionId' in (await ssoSignIn(late))).toBe(true);

    // The recovery code: the owner's only, never a member's, and logged.
    const wrong = await call('createRecoverySession', { body: { email: owner.email, recovery_code: 'VIR-AAAAA-AAAAA-AAAAA-AAAAA' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('invalid_recovery_code');
    const notOwner = await call('createRecoverySession', { body: { email: member, recovery_code: recoveryCode } });
    expect(notOwner.status).toBe(400);
    const recovered = await call('createRecoverySession', { body: { email: owner.email, recovery_code: recoveryCode.toLowerCase() } });
    expect(recovered.status, recovered.text).toBe(201);
    expect((await me(recovered.body.session_id)).status).toBe(200);
    const log = await call('listAuditLog', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect(log.body.entries).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'recovery_sign_in' })]));

    // A new code replaces the old one.
    const fresh = await call('createSsoRecoveryCode', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect(fresh.status).toBe(201);
    expect((await call('createRecoverySession', { body: { email: owner.email, recovery_code: recoveryCode } })).status).toBe(400);
    expect((await call('createRecoverySession', { body: { email: owner.email, recovery_code: fresh.body.recovery_code } })).status).toBe(201);

    // A domain proven while single sign-on is required binds its members at once: their code sessions end.
    const third = ssoDomain();
    const newcomer = `member-${randomUUID().slice(0, 8)}@${third}`;
    await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email: newcomer } });
    const beforeProof = await call('confirmMemberInvite', { body: { nonce: await memberInviteNonce(newcomer) } });
    expect(beforeProof.status, beforeProof.text).toBe(201);
    expect((await me(beforeProof.body.session_id)).status).toBe(200);
    await proveDomain(owner, third);
    expect((await me(beforeProof.body.session_id)).status).toBe(401);
    expect((await me(owner.sessionId)).status).toBe(200);

    // The only provider stays while single sign-on is required: the members would have no way in.
    const last = await call('deleteSsoProvider', { params: { companyId: owner.companyId, providerId }, session: owner.sessionId });
    expect(last.status, last.text).toBe(409);
    expect(last.body.code).toBe('provider_required');
  });

  it('ends the sessions that came through a provider when the owner removes it', async () => {
    const company = await registerAt(ssoDomain());
    const provider = await addOidcProvider(company);
    const [, companyDomain] = company.email.split('@');
    await proveDomain(company, companyDomain!);
    await call('putSsoSettings', { params: { companyId: company.companyId }, session: company.sessionId, body: { require_sso: false, join_mode: 'join_as_member' } });
    const session = (await ssoSignIn(`leaver-${randomUUID().slice(0, 8)}@${companyDomain}`)) as { sessionId: string };
    expect((await me(session.sessionId)).status).toBe(200);
    const removed = await call('deleteSsoProvider', { params: { companyId: company.companyId, providerId: provider.provider_id }, session: company.sessionId });
    expect(removed.status, removed.text).toBe(204);
    expect((await me(session.sessionId)).status).toBe(401);
    expect((await me(company.sessionId)).status).toBe(200);
  });
});
