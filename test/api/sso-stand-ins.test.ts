import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveTxt } from '../../lambdas/adapters/dns';
import { LOCAL_OIDC_CLIENT, oidcIssuer, oidcRedirectUri } from '../../lib/local/oidc/index';
import { baseUrl } from '../support/api';

/**
 * The single sign-on stand-ins of the local stack (issue 42), by plain HTTP as a browser and a relying
 * party would use them: the OpenID provider at /_local/oidc (discovery, the code flow with PKCE S256 and
 * client_secret_basic, an ID token that verifies against its JWKS, the tampering and key rotation
 * controls) and the DNS stand-in (its control on the origin, TXT look-ups over UDP).
 */
type Discovery = {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  code_challenge_methods_supported: string[];
  token_endpoint_auth_methods_supported: string[];
  scopes_supported: string[];
};
const issuer = () => oidcIssuer(baseUrl());
const redirectUri = () => oidcRedirectUri(baseUrl());
const discovery = async (): Promise<Discovery> => (await fetch(`${issuer()}/.well-known/openid-configuration`)).json() as Promise<Discovery>;
const jwks = () => fetch(`${issuer()}/jwks`).then((res) => res.json() as Promise<{ keys: { kid: string; kty: string; d?: string }[] }>);
const personAt = (domain = 'example.com') => `person-${randomUUID().slice(0, 8)}@${domain}`;

/** A cookie jar for one origin, enough for the provider's session and interaction cookies. */
const jar = () => {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    keep: (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        const value = pair!.slice(at + 1).trim();
        if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') cookies.delete(pair!.slice(0, at).trim());
        else cookies.set(pair!.slice(0, at).trim(), value);
      }
    },
  };
};

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** Authorization request → login form → back at the redirect URI: the redirect's query. */
const authorize = async (email: string, options: { pkce?: { challenge: string } | null; nonce?: string; state?: string } = {}) => {
  const config = await discovery();
  const cookies = jar();
  const state = options.state ?? randomUUID();
  const nonce = options.nonce ?? randomUUID();
  const params = new URLSearchParams({
    client_id: LOCAL_OIDC_CLIENT.clientId,
    redirect_uri: redirectUri(),
    response_type: 'code',
    scope: 'openid email profile',
    state,
    nonce,
  });
  if (options.pkce !== null) {
    params.set('code_challenge', (options.pkce ?? pkce()).challenge);
    params.set('code_challenge_method', 'S256');
  }
  const get = async (url: string) => {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: cookies.header(), accept: 'text/html' } });
    cookies.keep(response);
    return response;
  };
  let response = await get(`${config.authorization_endpoint}?${params}`);
  const steps: string[] = [];
  for (let step = 0; step < 10; step += 1) {
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, response.url || baseUrl()).toString();
      steps.push(next);
      if (next.startsWith(redirectUri())) return { query: new URL(next).searchParams, state, nonce, steps };
      response = await get(next);
      continue;
    }
    const html = await response.text();
    expect(response.status, html).toBe(200);
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    expect(action, html).toBeDefined();
    response = await fetch(new URL(action!.replace(/&amp;/g, '&'), baseUrl()), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookies.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email }).toString(),
    });
    cookies.keep(response);
  }
  throw new Error(`the flow did not reach the redirect URI: ${steps.join(' → ')}`);
};

const exchange = async (code: string, verifier: string, secret: string = LOCAL_OIDC_CLIENT.clientSecret) => {
  const config = await discovery();
  const response = await fetch(config.token_endpoint, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${LOCAL_OIDC_CLIENT.clientId}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri(), code_verifier: verifier }).toString(),
  });
  return { status: response.status, body: (await response.json()) as { id_token?: string; access_token?: string; error?: string } };
};

/** A whole sign-in: the ID token and what the flow used. */
const signIn = async (email: string) => {
  const codes = pkce();
  const flow = await authorize(email, { pkce: codes });
  expect(flow.query.get('error'), flow.query.get('error_description') ?? '').toBeNull();
  expect(flow.query.get('state')).toBe(flow.state);
  const token = await exchange(flow.query.get('code')!, codes.verifier);
  expect(token.status, JSON.stringify(token.body)).toBe(200);
  return { idToken: token.body.id_token!, nonce: flow.nonce };
};

const verify = async (idToken: string, audience: string = LOCAL_OIDC_CLIENT.clientId): Promise<JWTPayload> =>
  (await jwtVerify(idToken, createRemoteJWKSet(new URL(`${issuer()}/jwks`)), { issuer: issuer(), audience, algorithms: ['RS256'] })).payload;

const control = (path: string, body: unknown) =>
  fetch(`${baseUrl()}/_local/oidc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('the local OpenID provider (/_local/oidc)', () => {
  it('publishes a discovery document naming its issuer, the code flow with S256 and client_secret_basic', async () => {
    const config = await discovery();
    expect(config.issuer).toBe(`${baseUrl()}/_local/oidc`);
    expect(config.authorization_endpoint.startsWith(`${config.issuer}/`)).toBe(true);
    expect(config.token_endpoint.startsWith(`${config.issuer}/`)).toBe(true);
    expect(config.code_challenge_methods_supported).toEqual(['S256']);
    expect(config.token_endpoint_auth_methods_supported).toContain('client_secret_basic');
    expect(config.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    const keys = await jwks();
    expect(keys.keys.length).toBeGreaterThan(0);
    // Public keys only.
    expect(keys.keys.every((key) => key.kty === 'RSA' && key.d === undefined)).toBe(true);
  });

  it('signs a person in by the code flow with PKCE: the ID token verifies against the JWKS and names them', async () => {
    const email = personAt();
    const { idToken, nonce } = await signIn(email.toUpperCase());
    const claims = await verify(idToken);
    expect(claims).toMatchObject({ iss: issuer(), aud: LOCAL_OIDC_CLIENT.clientId, nonce, email, email_verified: true });
    expect(typeof claims.name).toBe('string');
    // The same address is the same subject; another is another.
    const again = await verify((await signIn(email)).idToken);
    expect(again.sub).toBe(claims.sub);
    expect((await verify((await signIn(personAt())).idToken)).sub).not.toBe(claims.sub);
  });

  it('names the ready test users on its login page, and refuses an address that is not one', async () => {
    const config = await discovery();
    const cookies = jar();
    const params = new URLSearchParams({
      client_id: LOCAL_OIDC_CLIENT.clientId,
      redirect_uri: redirectUri(),
      response_type: 'code',
      scope: 'openid email',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    });
    const start = await fetch(`${config.authorization_endpoint}?${params}`, { redirect: 'manual' });
    cookies.keep(start);
    const page = await fetch(new URL(start.headers.get('location')!, baseUrl()), { headers: { cookie: cookies.header() } });
    const html = await page.text();
    expect(html).toContain('<label for="email">E-mail address</label>');
    expect(html).toContain('Sign in as Ada Lovelace (ada@example.com)');
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
    const refused = await fetch(new URL(action, baseUrl()), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookies.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=not-an-address',
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Enter an e-mail address');
  });

  it('refuses an authorization request without PKCE, and a code exchanged with the wrong verifier or secret', async () => {
    const withoutPkce = await authorize(personAt(), { pkce: null });
    expect(withoutPkce.query.get('error')).toBe('invalid_request');
    expect(withoutPkce.query.get('code')).toBeNull();

    const codes = pkce();
    const flow = await authorize(personAt(), { pkce: codes });
    expect((await exchange(flow.query.get('code')!, pkce().verifier)).body.error).toBe('invalid_grant');
    const other = pkce();
    const second = await authorize(personAt(), { pkce: other });
    expect((await exchange(second.query.get('code')!, other.verifier, 'wrong-secret')).status).toBe(401);
  });

  it('next-id-token: the next ID token of that person carries the claims asked for, signed with the current key; the one after is as usual', async () => {
    const email = personAt();
    const setAudience = await control('next-id-token', { claims: { aud: 'someone-else', nonce: 'not-yours' }, email });
    expect(setAudience.status).toBe(200);
    const tampered = (await signIn(email)).idToken;
    // Still a valid signature by a key of the JWKS, but for another audience.
    await expect(verify(tampered)).rejects.toMatchObject({ code: 'ERR_JWT_CLAIM_VALIDATION_FAILED', claim: 'aud' });
    expect(await verify(tampered, 'someone-else')).toMatchObject({ aud: 'someone-else', nonce: 'not-yours', email });
    // Used once.
    const { idToken, nonce } = await signIn(email);
    expect(await verify(idToken)).toMatchObject({ nonce, aud: LOCAL_OIDC_CLIENT.clientId });
  });

  it('next-id-token: an expired token, a wrong issuer, and a signature by a key that is not in the JWKS', async () => {
    const email = personAt();
    const past = Math.floor(Date.now() / 1000) - 3600;
    await control('next-id-token', { claims: { exp: past, iat: past - 60 }, email });
    await expect(verify((await signIn(email)).idToken)).rejects.toMatchObject({ code: 'ERR_JWT_EXPIRED' });

    await control('next-id-token', { claims: { iss: 'https://idp.attacker.example' }, email });
    await expect(verify((await signIn(email)).idToken)).rejects.toMatchObject({ code: 'ERR_JWT_CLAIM_VALIDATION_FAILED', claim: 'iss' });

    // No claims: only the signature changes.
    await control('next-id-token', { sign_with: 'stranger', email });
    const forged = (await signIn(email)).idToken;
    // Under the current kid, so only the signature tells it apart.
    expect((await jwks()).keys.map((key) => key.kid)).toContain(decodeProtectedHeader(forged).kid);
    await expect(verify(forged)).rejects.toMatchObject({ code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' });
  });

  it('next-id-token refuses what it cannot do, with a 400 that says why', async () => {
    const wrongType = await control('next-id-token', { claims: { exp: 'tomorrow' } });
    expect(wrongType.status).toBe(400);
    expect(((await wrongType.json()) as { detail: string }).detail).toMatch(/claims\.exp has the wrong type/);
    const wrongKey = await control('next-id-token', { claims: {}, sign_with: 'mine' });
    expect(wrongKey.status).toBe(400);
    expect((await control('next-id-token', { claims: ['aud'] })).status).toBe(400);
  });

  it('rotate-keys: a new key signs, listed first; the old one stays listed (old tokens still verify) unless dropped', async () => {
    const before = (await jwks()).keys.map((key) => key.kid);
    const oldToken = (await signIn(personAt())).idToken;
    const rotated = (await (await control('rotate-keys', {})).json()) as { kid: string; kids: string[] };
    expect(rotated.kids).toEqual([rotated.kid, ...before]);
    expect((await jwks()).keys.map((key) => key.kid)).toEqual([rotated.kid, ...before]);
    const newToken = (await signIn(personAt())).idToken;
    expect(decodeProtectedHeader(newToken).kid).toBe(rotated.kid);
    await verify(newToken);
    await verify(oldToken);

    const dropped = (await (await control('rotate-keys', { drop_old: true })).json()) as { kid: string; kids: string[] };
    expect(dropped.kids).toEqual([dropped.kid]);
    expect((await jwks()).keys.map((key) => key.kid)).toEqual([dropped.kid]);
    await expect(verify(newToken)).rejects.toMatchObject({ code: 'ERR_JWKS_NO_MATCHING_KEY' });
    expect(decodeProtectedHeader((await signIn(personAt())).idToken).kid).toBe(dropped.kid);
  });

  it('keeps a sign-in started before a rotation working after it', async () => {
    const codes = pkce();
    const flow = await authorize(personAt(), { pkce: codes });
    await control('rotate-keys', {});
    const token = await exchange(flow.query.get('code')!, codes.verifier);
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    await verify(token.body.id_token!);
  });

  it('names the issuer, client id, secret and redirect URL on its page', async () => {
    const facts = (await (await fetch(`${baseUrl()}/_local/oidc?format=json`)).json()) as Record<string, string>;
    expect(facts).toMatchObject({
      issuer: issuer(),
      client_id: 'video-interviews-local',
      client_secret: 'local-oidc-secret',
      redirect_uri: `${baseUrl()}/api/v1/sso/oidc/callback`,
    });
    const page = await (await fetch(`${baseUrl()}/_local/oidc`, { headers: { accept: 'text/html' } })).text();
    for (const value of [issuer(), 'video-interviews-local', 'local-oidc-secret', redirectUri()]) expect(page).toContain(value);
  });
});

describe('the DNS stand-in (/_local/dns)', () => {
  const saved = process.env.DNS_RESOLVER;
  afterAll(() => {
    if (saved === undefined) delete process.env.DNS_RESOLVER;
    else process.env.DNS_RESOLVER = saved;
  });

  it('answers over UDP the TXT records set through its control on the origin, and forgets them on DELETE', async () => {
    const name = `_video-interviews.sso-${randomUUID().slice(0, 8)}.test`;
    const set = await fetch(`${baseUrl()}/_local/dns/txt/${name}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ values: ['video-interviews-verification=123'] }),
    });
    expect(set.status).toBe(200);
    const listed = (await (await fetch(`${baseUrl()}/_local/dns`)).json()) as { resolver: string; records: { name: string; values: string[] }[] };
    expect(listed.records).toContainEqual({ name, values: ['video-interviews-verification=123'] });
    expect(listed.resolver).toMatch(/^127\.0\.0\.1:\d+$/);

    const resolver = new Resolver({ timeout: 3000, tries: 1 });
    resolver.setServers([listed.resolver]);
    expect(await resolver.resolveTxt(name)).toEqual([['video-interviews-verification=123']]);
    process.env.DNS_RESOLVER = listed.resolver;
    expect(await resolveTxt(name)).toEqual(['video-interviews-verification=123']);

    expect((await fetch(`${baseUrl()}/_local/dns/txt/${name}`, { method: 'DELETE' })).status).toBe(204);
    await expect(resolver.resolveTxt(name)).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(await resolveTxt(name)).toEqual([]);
  });
});
