import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { decodeJwt, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { Provider, type OidcContext } from 'oidc-provider';
import { API_PREFIX } from '../../../lambdas/operations/path';
import { readText } from '../net';
import { errorPage, loginPage, setupPage, type TestUser } from './pages';
import { createAdapterStore } from './store';

/**
 * The local OpenID provider (issue 42): a real, certified OpenID Connect provider (oidc-provider) on
 * the local origin at `/_local/oidc`, standing in for a company's identity provider so the product's
 * OIDC sign-in (code flow, PKCE S256, client_secret_basic, ID token through the JWKS) runs locally
 * with no handler knowing it is local. One client is registered (LOCAL_OIDC_CLIENT, redirect URI the
 * product's callback on the same origin). Its login page takes any e-mail address: the person is
 * whoever types it (`sub` is stable per address), and lists a few ready test users; consent is given
 * at once. RS256 signing keys persist in `dataFile`, so a restart keeps them.
 *
 * Controls for tests, beside the protocol's own endpoints:
 * - `POST /_local/oidc/next-id-token` `{ "claims": { "iss"?, "aud"?, "nonce"?, "exp"?, "iat"?, ... }, "sign_with"?: "stranger", "email"? }`:
 *   the next token response's `id_token` carries these claims (null removes one), re-signed with the
 *   current key (its kid), or with a key that is not in the JWKS (still under the current kid) with
 *   `sign_with: "stranger"`. With `email`, only that person's next ID token (tests running at once
 *   on one stack do not take each other's). `DELETE` forgets them all.
 * - `POST /_local/oidc/rotate-keys` `{ "drop_old"?: boolean }`: a new key signs from now on, listed first
 *   in the JWKS; the older ones stay listed unless `drop_old`. Sessions and codes survive it.
 * - `GET /_local/oidc`: a page naming the issuer, client id, secret and redirect URL to paste into
 *   Company settings → Sign-in (JSON with `?format=json`).
 */
export const LOCAL_OIDC_CLIENT = { clientId: 'video-interviews-local', clientSecret: 'local-oidc-secret' } as const;
export const OIDC_MOUNT = '/_local/oidc';
export const oidcIssuer = (origin: string): string => `${origin}${OIDC_MOUNT}`;
/** The product's OIDC callback, the one redirect URI the local client has. */
export const oidcRedirectUri = (origin: string): string => `${origin}${API_PREFIX}/sso/oidc/callback`;

export const LOCAL_OIDC_TEST_USERS: readonly TestUser[] = [
  { email: 'ada@example.com', name: 'Ada Lovelace' },
  { email: 'grace@example.com', name: 'Grace Hopper' },
  { email: 'alan@example.org', name: 'Alan Turing' },
];

/** `sub` for an address: stable per (lower-cased) address, and the address is read back from it. */
export const oidcSubject = (email: string): string => Buffer.from(email.trim().toLowerCase(), 'utf8').toString('base64url');
const emailOfSubject = (sub: string): string | undefined => {
  const email = Buffer.from(sub, 'base64url').toString('utf8');
  return EMAIL.test(email) && oidcSubject(email) === sub ? email : undefined;
};
const EMAIL = /^[^\s@<>"]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,}$/;
const nameOf = (email: string) =>
  LOCAL_OIDC_TEST_USERS.find((user) => user.email === email)?.name ??
  email
    .split('@')[0]!
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(' ');

const SCOPES = ['openid', 'email', 'profile'];

export interface IdTokenTamper {
  claims: Record<string, unknown>;
  signWith?: 'stranger';
  /** Only the next ID token of this person (its email claim): tests sharing the stand-in do not take each other's. */
  email?: string;
}

export interface OidcLocal {
  issuer: string;
  /** Answers requests under `/_local/oidc`; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse, requestUrl: URL): Promise<boolean>;
  /** The kids in the JWKS, the signing one first. */
  kids(): string[];
  rotateKeys(options?: { dropOld?: boolean }): Promise<string>;
  tamperNextIdToken(tamper: IdTokenTamper | undefined): void;
}

interface StoredKeys {
  keys: JWK[];
  cookieKeys: string[];
}

const newSigningKey = async (): Promise<JWK> => {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: `local-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`, alg: 'RS256', use: 'sig' };
};

const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
const sendHtml = (res: ServerResponse, status: number, html: string) =>
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
const problem = (res: ServerResponse, status: number, detail: string) => sendJson(res, status, { detail });

const readJsonBody = async (req: IncomingMessage): Promise<Record<string, unknown> | Error> => {
  const text = await readText(req, 64 * 1024);
  if (!text.trim()) return {};
  try {
    const body = JSON.parse(text) as unknown;
    return body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : new Error('The body must be a JSON object.');
  } catch {
    return new Error('The body is not valid JSON.');
  }
};

/** Why a tamper request is not one, or the tamper. */
const parseTamper = (body: Record<string, unknown>): IdTokenTamper | string => {
  // No claims: the token as issued (with sign_with, only its signature changes).
  const claims = body.claims ?? {};
  if (!claims || typeof claims !== 'object' || Array.isArray(claims))
    return 'claims must be an object of the ID token claims to set, e.g. { "claims": { "aud": "someone-else" } }.';
  const checks: Record<string, (value: unknown) => boolean> = {
    iss: (value) => typeof value === 'string',
    aud: (value) => typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string')),
    nonce: (value) => typeof value === 'string',
    exp: (value) => typeof value === 'number' && Number.isFinite(value),
    iat: (value) => typeof value === 'number' && Number.isFinite(value),
  };
  for (const [name, value] of Object.entries(claims as Record<string, unknown>)) {
    if (value !== null && checks[name] && !checks[name](value))
      return `claims.${name} has the wrong type (iss and nonce are strings, aud a string or a list of them, exp and iat numbers of seconds).`;
  }
  if (body.sign_with !== undefined && body.sign_with !== 'stranger') return 'sign_with may only be "stranger" (a key that is not in the JWKS).';
  if (body.email !== undefined && (typeof body.email !== 'string' || !EMAIL.test(body.email)))
    return 'email must be an e-mail address (the person whose next ID token to tamper).';
  return {
    claims: claims as Record<string, unknown>,
    signWith: body.sign_with === 'stranger' ? 'stranger' : undefined,
    email: typeof body.email === 'string' ? body.email.trim().toLowerCase() : undefined,
  };
};

export const createOidcStandIn = async (options: {
  origin: string;
  dataFile?: string;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}): Promise<OidcLocal> => {
  const log = options.log ?? (() => undefined);
  const issuer = oidcIssuer(options.origin);
  const redirectUri = oidcRedirectUri(options.origin);
  const stored: StoredKeys | undefined =
    options.dataFile && existsSync(options.dataFile) ? (JSON.parse(readFileSync(options.dataFile, 'utf8')) as StoredKeys) : undefined;
  let keys: JWK[] = stored?.keys.length ? stored.keys : [await newSigningKey()];
  const cookieKeys = stored?.cookieKeys.length ? stored.cookieKeys : [randomBytes(32).toString('base64url')];
  const save = () => {
    if (!options.dataFile) return;
    mkdirSync(path.dirname(options.dataFile), { recursive: true });
    const temporary = `${options.dataFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ keys, cookieKeys } satisfies StoredKeys, null, 2), { mode: 0o600 });
    renameSync(temporary, options.dataFile);
  };
  save();
  // Signs tokens the JWKS does not vouch for (sign_with: stranger); never published.
  const stranger = (await generateKeyPair('RS256')).privateKey;
  // The tamper for anyone's next ID token, and those for a given person's.
  let pendingTamper: IdTokenTamper | undefined;
  const pendingFor = new Map<string, IdTokenTamper>();

  const resign = async (idToken: string, tamper: IdTokenTamper): Promise<string> => {
    const payload: Record<string, unknown> = { ...decodeJwt(idToken) };
    for (const [name, value] of Object.entries(tamper.claims)) {
      if (value === null) delete payload[name];
      else payload[name] = value;
    }
    const current = keys[0]!;
    const key = tamper.signWith === 'stranger' ? stranger : await importJWK(current, 'RS256');
    return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: current.kid! }).sign(key);
  };

  // One store for every Provider built here: a rotation builds a new one with the new keys.
  const Store = createAdapterStore();
  const build = () => {
    const provider = new Provider(issuer, {
      adapter: Store,
      clients: [
        {
          client_id: LOCAL_OIDC_CLIENT.clientId,
          client_secret: LOCAL_OIDC_CLIENT.clientSecret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
          id_token_signed_response_alg: 'RS256',
        },
      ],
      jwks: { keys: keys.map((key) => ({ ...key })) },
      cookies: { keys: cookieKeys },
      // PKCE for every authorization request (oidc-provider takes S256 only).
      pkce: { required: () => true },
      scopes: SCOPES,
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      // The claims of the scopes asked for go into the ID token itself, as the product reads them from it.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 86400, Grant: 86400 },
      interactions: { url: (_ctx: OidcContext, interaction: { uid: string }) => `${OIDC_MOUNT}/interaction/${interaction.uid}` },
      findAccount: async (_ctx: OidcContext, sub: string) => {
        const email = emailOfSubject(sub);
        if (!email) return undefined;
        return { accountId: sub, claims: () => ({ sub, email, email_verified: true, name: nameOf(email) }) };
      },
      // Consent is given at once: the grant holds the scopes asked for, of those the provider knows.
      loadExistingGrant: async (ctx: OidcContext) => {
        const oidc = ctx.oidc!;
        const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client!.clientId);
        if (grantId) return oidc.provider.Grant.find(grantId);
        if (!oidc.session?.accountId) return undefined;
        const grant = new oidc.provider.Grant({ accountId: oidc.session.accountId, clientId: oidc.client!.clientId });
        const asked = String(oidc.params?.scope ?? '')
          .split(' ')
          .filter((scope) => SCOPES.includes(scope));
        grant.addOIDCScope(asked.join(' '));
        await grant.save();
        return grant;
      },
      renderError: (ctx: OidcContext, out: Record<string, string>) => {
        ctx.type = 'html';
        ctx.body = errorPage(out);
      },
    });
    provider.on('server_error', (_ctx: unknown, error: unknown) => log('local OpenID provider: server error', { error: String(error) }));
    // The token endpoint's answer, with the next ID token tampered as asked (one response only).
    provider.use(async (ctx, next) => {
      await next();
      if (ctx.oidc?.route !== 'token' || ctx.status !== 200 || (!pendingTamper && pendingFor.size === 0)) return;
      const body = ctx.body as { id_token?: string } | undefined;
      if (!body?.id_token) return;
      const email = String(decodeJwt(body.id_token).email ?? '');
      const tamper = pendingFor.get(email) ?? pendingTamper;
      if (!tamper) return;
      if (pendingFor.get(email) === tamper) pendingFor.delete(email);
      else pendingTamper = undefined;
      body.id_token = await resign(body.id_token, tamper);
    });
    return { provider, callback: provider.callback() };
  };
  let current = build();

  const rotateKeys = async ({ dropOld = false }: { dropOld?: boolean } = {}) => {
    const key = await newSigningKey();
    keys = dropOld ? [key] : [key, ...keys];
    save();
    current = build();
    return key.kid!;
  };
  const kids = () => keys.map((key) => key.kid!);

  const interaction = async (req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined) => {
    const { provider } = current;
    let details;
    try {
      details = await provider.interactionDetails(req, res);
    } catch (error) {
      return sendHtml(
        res,
        400,
        errorPage({
          error: 'interaction_not_found',
          error_description: `This sign-in has expired or was finished already (${(error as Error).message}). Start again from the app.`,
        }),
      );
    }
    if (details.uid !== uid)
      return sendHtml(
        res,
        400,
        errorPage({ error: 'interaction_mismatch', error_description: 'This page belongs to another sign-in. Start again from the app.' }),
      );
    const pageOptions = {
      action: `${OIDC_MOUNT}/interaction/${uid}/login`,
      abort: `${OIDC_MOUNT}/interaction/${uid}/abort`,
      clientId: LOCAL_OIDC_CLIENT.clientId,
      testUsers: LOCAL_OIDC_TEST_USERS,
    };
    if (action === undefined) {
      if (req.method !== 'GET') return problem(res, 405, 'GET the login page, or POST to its /login or /abort.');
      if (details.prompt.name === 'login') return sendHtml(res, 200, loginPage(pageOptions));
      // Consent is never asked (the grant is made at once); should it be, it is given.
      const grant = new provider.Grant({ accountId: details.session?.accountId, clientId: LOCAL_OIDC_CLIENT.clientId });
      grant.addOIDCScope(SCOPES.join(' '));
      return provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    }
    if (req.method !== 'POST') return problem(res, 405, `POST to ${action}.`);
    if (action === '/abort') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The person cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
    }
    const form = new URLSearchParams(await readText(req, 16 * 1024));
    const email = (form.get('email') ?? '').trim().toLowerCase();
    if (!EMAIL.test(email)) {
      return sendHtml(res, 400, loginPage({ ...pageOptions, email, error: 'Enter an e-mail address, like name@example.com.' }));
    }
    return provider.interactionFinished(req, res, { login: { accountId: oidcSubject(email) } }, { mergeWithLastSubmission: false });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, requestUrl: URL): Promise<boolean> => {
    const { pathname } = requestUrl;
    if (pathname !== OIDC_MOUNT && !pathname.startsWith(`${OIDC_MOUNT}/`)) return false;
    const rest = pathname.slice(OIDC_MOUNT.length);
    if (rest === '' || rest === '/') {
      const facts = {
        issuer,
        clientId: LOCAL_OIDC_CLIENT.clientId,
        clientSecret: LOCAL_OIDC_CLIENT.clientSecret,
        redirectUri,
        testUsers: LOCAL_OIDC_TEST_USERS,
        kids: kids(),
      };
      const wantsHtml = requestUrl.searchParams.get('format') !== 'json' && /text\/html/.test(req.headers.accept ?? '');
      if (wantsHtml) sendHtml(res, 200, setupPage(facts));
      else
        sendJson(res, 200, {
          issuer,
          client_id: facts.clientId,
          client_secret: facts.clientSecret,
          redirect_uri: redirectUri,
          test_users: LOCAL_OIDC_TEST_USERS,
          kids: facts.kids,
        });
      return true;
    }
    if (rest === '/next-id-token') {
      if (req.method === 'DELETE') {
        pendingTamper = undefined;
        pendingFor.clear();
        res.writeHead(204).end();
        return true;
      }
      if (req.method !== 'POST') return (problem(res, 405, 'POST the claims to set in the next ID token, or DELETE to forget them.'), true);
      const body = await readJsonBody(req);
      if (body instanceof Error) return (problem(res, 400, body.message), true);
      const tamper = parseTamper(body);
      if (typeof tamper === 'string') return (problem(res, 400, tamper), true);
      if (tamper.email) pendingFor.set(tamper.email, tamper);
      else pendingTamper = tamper;
      sendJson(res, 200, { claims: tamper.claims, sign_with: tamper.signWith ?? 'current', ...(tamper.email ? { email: tamper.email } : {}) });
      return true;
    }
    if (rest === '/rotate-keys') {
      if (req.method !== 'POST') return (problem(res, 405, 'POST to rotate the signing key.'), true);
      const body = await readJsonBody(req);
      if (body instanceof Error) return (problem(res, 400, body.message), true);
      if (body.drop_old !== undefined && typeof body.drop_old !== 'boolean') return (problem(res, 400, 'drop_old must be true or false.'), true);
      const kid = await rotateKeys({ dropOld: body.drop_old === true });
      sendJson(res, 200, { kid, kids: kids() });
      return true;
    }
    const match = /^\/interaction\/([A-Za-z0-9_-]+)(\/login|\/abort)?$/.exec(rest);
    if (match) {
      await interaction(req, res, match[1]!, match[2]);
      return true;
    }
    // The protocol's endpoints: oidc-provider routes the path below its mount, and builds its URLs from originalUrl.
    const request = req as IncomingMessage & { originalUrl?: string };
    request.originalUrl = req.url;
    const below = (req.url ?? '').slice(OIDC_MOUNT.length);
    req.url = below.startsWith('/') ? below : `/${below}`;
    await current.callback(req, res);
    return true;
  };

  return {
    issuer,
    handle,
    kids,
    rotateKeys,
    tamperNextIdToken: (tamper) => {
      if (tamper?.email) pendingFor.set(tamper.email, tamper);
      else pendingTamper = tamper;
    },
  };
};
