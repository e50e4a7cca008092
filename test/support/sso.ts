import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { href, paths } from '../../lambdas/contracts/app-paths';
import { API_PREFIX } from '../../lambdas/operations/index';
import { baseUrl, call } from './api';
import { signIn } from './accounts';

/**
 * Single sign-on in the api tests (issue 42): a domain of the test's own (never example.com, which every
 * other test's addresses share), proven through the DNS stand-in; the OIDC stand-in as the company's
 * provider; and a browser's walk through a sign-in by plain fetch with a cookie jar.
 */
export const ssoDomain = () => `sso-${randomUUID().slice(0, 8)}.test`;

export const LOCAL_OIDC = { clientId: 'video-interviews-local', clientSecret: 'local-oidc-secret' };
export const oidcIssuer = () => `${baseUrl()}/_local/oidc`;

/** Registers a company whose owner's address is at `domain`, and signs the owner in by code. */
export const registerAt = async (domain: string) => {
  const email = `owner-${randomUUID().slice(0, 8)}@${domain}`;
  const created = await call('createAccount', { body: { email, company_name: `SSO Co ${domain}`, tags: [] } });
  expect(created.status, created.text).toBe(201);
  const { sessionId, userId } = await signIn(email);
  return { email, sessionId, userId, companyId: created.body.company_id as string };
};

/** Sets the DNS stand-in's TXT records at a name. */
export const setTxt = async (name: string, values: string[]) => {
  const res = await fetch(`${baseUrl()}/_local/dns/txt/${encodeURIComponent(name)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ values }),
  });
  expect(res.status, await res.text()).toBeLessThan(300);
};

/** Adds the domain, puts its TXT record in the DNS stand-in and checks it: proven. */
export const proveDomain = async (owner: { companyId: string; sessionId: string }, domain: string) => {
  const added = await call('createSsoDomain', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { domain } });
  expect(added.status, added.text).toBe(201);
  await setTxt(added.body.txt_name, [added.body.txt_value]);
  const checked = await call('checkSsoDomain', { params: { companyId: owner.companyId, domain }, session: owner.sessionId });
  expect(checked.status, checked.text).toBe(200);
  expect(checked.body.status).toBe('proven');
  return checked.body;
};

export const addOidcProvider = async (owner: { companyId: string; sessionId: string }, overrides: Record<string, string> = {}) => {
  const res = await call('createSsoProvider', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { kind: 'oidc', name: 'Local OIDC', issuer: oidcIssuer(), client_id: LOCAL_OIDC.clientId, client_secret: LOCAL_OIDC.clientSecret, ...overrides },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
};

/** Where a browser's walk ended: back in the app with a ticket or an error, or somewhere else. */
export type SsoOutcome = { ticket: string } | { error: string } | { elsewhere: string; status: number; html?: string };

/** Where the API sends the browser back: the app's single sign-on screen, with its query. */
export const appSsoPrefix = `/${href(paths.sso.pattern)}?`;
const appSso = appSsoPrefix;

/** The first HTML form of a page: its action (absolute), method and fields (hidden ones, with values). */
const formOf = (html: string, pageUrl: string) => {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return null;
  const attribute = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1];
  const decode = (text: string) => text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x2F;/gi, '/').replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<(?:input|textarea)\b([^>]*)>/gi)) {
    const name = attribute(input[1]!, 'name');
    if (name) fields[name] = decode(attribute(input[1]!, 'value') ?? '');
  }
  return { action: new URL(decode(attribute(form[1]!, 'action') ?? pageUrl), pageUrl).toString(), method: (attribute(form[1]!, 'method') ?? 'get').toUpperCase(), fields };
};

/**
 * Walks a browser's single sign-on from `url` (what POST /sso-sign-ins answered): follows redirects
 * keeping cookies per origin, fills `email` into the provider's login form and submits it, submits
 * auto-posting forms (SAML's HTTP-POST binding), until a redirect into the app's single sign-on screen (paths.sso).
 */
export const walkSignIn = async (
  url: string,
  email: string,
  options: { bindingCookie?: string; maxSteps?: number; /** The app's origin (the bench's stack; the tests' by default). */ appOrigin?: string } = {},
): Promise<SsoOutcome> => {
  const maxSteps = options.maxSteps ?? 20;
  const appOrigin = options.appOrigin ?? baseUrl();
  const jar = new Map<string, Map<string, string>>();
  // The cookie the API set when the sign-in started (the app's origin is the API's).
  if (options.bindingCookie) {
    const at = options.bindingCookie.indexOf('=');
    jar.set(new URL(appOrigin).origin, new Map([[options.bindingCookie.slice(0, at), options.bindingCookie.slice(at + 1)]]));
  }
  const cookieHeader = (target: string) => [...(jar.get(new URL(target).origin) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (target: string, response: Response) => {
    const origin = new URL(target).origin;
    const cookies = jar.get(origin) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
    jar.set(origin, cookies);
  };
  let request: { url: string; method: string; body?: string } = { url, method: 'GET' };
  let filled = false;
  for (let step = 0; step < maxSteps; step += 1) {
    const response = await fetch(request.url, {
      method: request.method,
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(request.url),
        accept: 'text/html',
        ...(request.body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: request.body,
      signal: AbortSignal.timeout(30_000),
    });
    keep(request.url, response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, request.url).toString();
      const at = next.indexOf(appSso);
      if (next.startsWith(appOrigin) && at >= 0) {
        const params = new URLSearchParams(next.slice(at + appSso.length));
        return params.get('ticket') ? { ticket: params.get('ticket')! } : { error: params.get('error') ?? 'none' };
      }
      request = { url: next, method: 'GET' };
      continue;
    }
    const html = await response.text();
    const form = response.ok ? formOf(html, request.url) : null;
    if (!form) return { elsewhere: request.url, status: response.status, html };
    const fields = { ...form.fields };
    if ('email' in fields || /name="email"/.test(html)) {
      if (filled) return { elsewhere: request.url, status: response.status, html };
      fields.email = email;
      filled = true;
    }
    const body = new URLSearchParams(fields).toString();
    request = form.method === 'POST' ? { url: form.action, method: 'POST', body } : { url: `${form.action}${form.action.includes('?') ? '&' : '?'}${body}`, method: 'GET' };
  }
  throw new Error(`the sign-in did not come back to the app within ${maxSteps} steps`);
};

/** The `name=value` of the binding cookie a start of a sign-in set (the API's answer to POST /sso-sign-ins). */
export const bindingCookieOf = (headers: Headers): string => {
  const cookie = headers.getSetCookie().find((line) => line.startsWith('vi_sso='));
  expect(cookie, 'the start of a sign-in sets its binding cookie').toBeDefined();
  expect(cookie).toMatch(/; HttpOnly; Secure; SameSite=None$/);
  return cookie!.split(';')[0]!;
};

/** Starts a single sign-on as the app does: the provider's URL, and the binding cookie the browser now holds. */
export const startSignIn = async (email: string) => {
  const started = await call('startSsoSignIn', { body: { email } });
  expect(started.status, started.text).toBe(201);
  return { url: started.body.redirect_url as string, bindingCookie: bindingCookieOf(started.headers) };
};

/** A whole single sign-on of `email`: started through the API, walked, and the ticket exchanged for a session. */
export const ssoSignIn = async (email: string): Promise<{ sessionId: string; userId: string } | { error: string }> => {
  const started = await startSignIn(email);
  const outcome = await walkSignIn(started.url, email, { bindingCookie: started.bindingCookie });
  if ('error' in outcome) return outcome;
  if (!('ticket' in outcome)) throw new Error(`the sign-in ended at ${outcome.elsewhere} (${outcome.status})`);
  const session = await call('createSsoSession', { body: { ticket: outcome.ticket } });
  expect(session.status, session.text).toBe(201);
  return { sessionId: session.body.session_id, userId: session.body.user_id };
};

export const callbackPath = `${API_PREFIX}/sso/oidc/callback`;
