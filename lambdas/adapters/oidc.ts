import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { targetRefusal } from './webhook-http';
import { parseAllowedOrigins } from '../domain/webhook-targets';
import { readEnv } from '../platform/env';

/**
 * An OpenID Connect relying party's calls (issue 42): the issuer's discovery document, the token
 * request of the authorization code grant (client_secret_basic, PKCE verifier), and the ID token's
 * verification by jose: signature through the issuer's JWKS (fetched again when a token names a key it
 * does not hold, so the provider's key rotation just works), issuer, audience, expiry and not-before
 * with a minute's skew at most, and the nonce. Every URL is checked as webhook targets are (https,
 * public addresses only; SSO_ALLOWED_ORIGINS exempts the local stack's own origin).
 */
export interface OidcDiscovery {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
}

export class OidcFailure extends Error {
  constructor(
    message: string,
    /** sso_provider_error: the provider answered an error; sso_failed: what it sent does not verify. */
    readonly code: 'sso_failed' | 'sso_provider_error' = 'sso_failed',
  ) {
    super(message);
  }
}

export const CLOCK_SKEW_SECONDS = 60;
const FETCH_TIMEOUT_MS = 5000;

const allowedOrigins = () => parseAllowedOrigins(readEnv('SSO_ALLOWED_ORIGINS').SSO_ALLOWED_ORIGINS);

/** Refuses a URL an SSO call must not reach (private addresses, plain http), with the reason. */
export const ssoUrlRefusal = (url: string): Promise<string | null> => targetRefusal(url, allowedOrigins());

const checkedFetch = async (url: string, init: RequestInit = {}): Promise<Response> => {
  const refusal = await ssoUrlRefusal(url);
  if (refusal) throw new OidcFailure(`The provider's URL ${url} cannot be reached from here: ${refusal}`);
  return fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
};

const discoveryCache = new Map<string, { at: number; discovery: Promise<OidcDiscovery> }>();
const DISCOVERY_TTL_MS = 5 * 60 * 1000;

/** The issuer's discovery document (RFC 8414 / OIDC Discovery), which must name the same issuer; cached five minutes per warm function. */
export const discover = (issuer: string): Promise<OidcDiscovery> => {
  const cached = discoveryCache.get(issuer);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.discovery;
  const discovery = (async () => {
    const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    let document: Record<string, unknown>;
    try {
      const response = await checkedFetch(url, { headers: { accept: 'application/json' } });
      if (!response.ok) throw new OidcFailure(`${url} answered ${response.status}; is the issuer URL right?`);
      document = (await response.json()) as Record<string, unknown>;
    } catch (error) {
      if (error instanceof OidcFailure) throw error;
      throw new OidcFailure(`The discovery document at ${url} could not be read (${(error as Error).message}).`);
    }
    if (document.issuer !== issuer) {
      throw new OidcFailure(`The discovery document names the issuer ${String(document.issuer)}, not ${issuer}: enter the issuer URL exactly as the provider states it.`);
    }
    const field = (name: string) => {
      const value = document[name];
      if (typeof value !== 'string' || !URL.canParse(value)) throw new OidcFailure(`The discovery document has no ${name}.`);
      return value;
    };
    return { issuer, authorizationEndpoint: field('authorization_endpoint'), tokenEndpoint: field('token_endpoint'), jwksUri: field('jwks_uri') };
  })();
  discoveryCache.set(issuer, { at: Date.now(), discovery });
  discovery.catch(() => discoveryCache.delete(issuer));
  return discovery;
};

/** The authorization request's URL: code flow with PKCE S256, state and nonce. */
export const authorizationUrl = (
  discovery: OidcDiscovery,
  request: { clientId: string; redirectUri: string; state: string; nonce: string; codeChallenge: string; loginHint?: string },
): string => {
  const url = new URL(discovery.authorizationEndpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', request.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('state', request.state);
  url.searchParams.set('nonce', request.nonce);
  url.searchParams.set('code_challenge', request.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  if (request.loginHint) url.searchParams.set('login_hint', request.loginHint);
  return url.toString();
};

const jwksCache = new Map<string, JWTVerifyGetKey>();
const jwksFor = async (jwksUri: string): Promise<JWTVerifyGetKey> => {
  let jwks = jwksCache.get(jwksUri);
  if (!jwks) {
    const refusal = await ssoUrlRefusal(jwksUri);
    if (refusal) throw new OidcFailure(`The provider's JWKS URL cannot be reached from here: ${refusal}`);
    // A token signed by a key not yet held fetches the set again at once (rotation); a sign-in takes a
    // state of ours, so these fetches are bounded by sign-ins.
    jwks = createRemoteJWKSet(new URL(jwksUri), { cooldownDuration: 0, cacheMaxAge: 10 * 60 * 1000, timeoutDuration: FETCH_TIMEOUT_MS });
    jwksCache.set(jwksUri, jwks);
  }
  return jwks;
};

/** The code grant's token request; answers the ID token. */
export const exchangeCode = async (
  discovery: OidcDiscovery,
  request: { clientId: string; clientSecret: string; code: string; redirectUri: string; codeVerifier: string },
): Promise<string> => {
  const basic = Buffer.from(`${encodeURIComponent(request.clientId)}:${encodeURIComponent(request.clientSecret)}`).toString('base64');
  let response: Response;
  try {
    response = await checkedFetch(discovery.tokenEndpoint, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: request.code, redirect_uri: request.redirectUri, code_verifier: request.codeVerifier }),
    });
  } catch (error) {
    if (error instanceof OidcFailure) throw error;
    throw new OidcFailure(`The token endpoint could not be reached (${(error as Error).message}).`, 'sso_provider_error');
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new OidcFailure(`The token endpoint answered ${response.status} ${String(body.error ?? '')}`, 'sso_provider_error');
  if (typeof body.id_token !== 'string') throw new OidcFailure('The token response carries no id_token.');
  return body.id_token;
};

/** Verifies the ID token; answers its verified e-mail address. */
export const verifyIdToken = async (
  idToken: string,
  expected: { discovery: OidcDiscovery; clientId: string; nonce: string },
  now = new Date(),
): Promise<{ email: string; subject: string }> => {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, await jwksFor(expected.discovery.jwksUri), {
      issuer: expected.discovery.issuer,
      audience: expected.clientId,
      clockTolerance: CLOCK_SKEW_SECONDS,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat'],
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'],
    }));
  } catch (error) {
    if (error instanceof OidcFailure) throw error;
    const reason = error instanceof joseErrors.JOSEError ? `${error.code}: ${error.message}` : (error as Error).message;
    throw new OidcFailure(`The ID token does not verify (${reason}).`);
  }
  if (payload.nonce !== expected.nonce) throw new OidcFailure('The ID token carries another nonce than this sign-in sent.');
  // With several audiences the token must have been issued to this client (OIDC Core 3.1.3.7).
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== expected.clientId) {
    throw new OidcFailure('The ID token was issued to another client (azp).');
  }
  if (typeof payload.email !== 'string' || !payload.email.includes('@')) throw new OidcFailure('The ID token carries no e-mail address: ask for the email scope.');
  if (payload.email_verified === false) throw new OidcFailure('The provider has not verified this e-mail address.');
  return { email: payload.email.trim().toLowerCase(), subject: String(payload.sub) };
};
