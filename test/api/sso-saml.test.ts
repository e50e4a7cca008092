import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { beforeAll, describe, expect, it } from 'vitest';
import { epochSeconds, samlKeys } from '../../lambdas/data/keys';
import { sha256 } from '../../lambdas/platform/crypto';
import { baseUrl, call } from '../support/api';
import { localDb, localEnv } from '../support/aws';
import { appSsoPrefix, bindingCookieOf, proveDomain, registerAt, ssoDomain, walkSignIn } from '../support/sso';

/**
 * Single sign-on with SAML 2.0 (issue 42), against the local identity provider (samlify at
 * /_local/saml): a person signs in through its page; and every response that must not sign anyone in
 * is refused with a 303 to the app's single sign-on screen (paths.sso) with the error sso_failed: unsigned, signed by a stranger, for
 * another audience or recipient, expired, answering no request of ours, replayed, or wrapped.
 */
type Owner = Awaited<ReturnType<typeof registerAt>>;

const SAML = 'urn:oasis:names:tc:SAML:2.0:assertion';
const SAMLP = 'urn:oasis:names:tc:SAML:2.0:protocol';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';

let domain: string;
let owner: Owner;
let providerId: string;
let entityId: string;
let acsUrl: string;

const at = (label: string) => `${label}-${randomUUID().slice(0, 8)}@${domain}`;

beforeAll(async () => {
  domain = ssoDomain();
  owner = await registerAt(domain);
  const metadataXml = await (await fetch(`${baseUrl()}/_local/saml/metadata`)).text();
  const created = await call('createSsoProvider', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { kind: 'saml', name: 'Local SAML', metadata_xml: metadataXml },
  });
  expect(created.status, created.text).toBe(201);
  providerId = created.body.provider_id;
  entityId = created.body.setup.entity_id!;
  acsUrl = created.body.setup.acs_url!;
  await proveDomain(owner, domain);
  const settings = await call('putSsoSettings', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { require_sso: false, join_mode: 'join_as_member' },
  });
  expect(settings.status, settings.text).toBe(200);
});

/** The binding cookie (`vi_sso=…`) of each request this file started: the browser that started it posts its answer. */
const bindings = new Map<string, string>();

/** Starts a sign-in through the API: the AuthnRequest's id (now outstanding), the provider's URL and the binding cookie. */
const start = async (email: string) => {
  const started = await call('startSsoSignIn', { body: { email } });
  expect(started.status, started.text).toBe(201);
  const bindingCookie = bindingCookieOf(started.headers);
  const url = new URL(started.body.redirect_url);
  expect(`${url.origin}${url.pathname}`).toBe(`${baseUrl()}/_local/saml/sso`);
  const request = new DOMParser().parseFromString(
    inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8'),
    'text/xml',
  );
  const requestId = request.documentElement!.getAttribute('ID')!;
  bindings.set(requestId, bindingCookie);
  return { requestId, url: started.body.redirect_url as string, bindingCookie };
};

/** The cookie of the browser that started the request a response answers (by its InResponseTo), if this file started it. */
const cookieFor = (samlResponse: string): Record<string, string> => {
  const inResponseTo = /InResponseTo="([^"]+)"/.exec(Buffer.from(samlResponse, 'base64').toString('utf8'))?.[1];
  const cookie = inResponseTo ? bindings.get(inResponseTo) : undefined;
  return cookie ? { cookie } : {};
};

/** The stand-in's response to a request of ours, with a flaw when asked. */
const responseFor = async (requestId: string, email: string, tamper: Record<string, unknown> = {}) => {
  const res = await fetch(`${baseUrl()}/_local/saml/responses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sp_entity_id: entityId, acs_url: acsUrl, in_response_to: requestId, email, tamper }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { saml_response: string; assertion_id: string };
};

/** Posts a SAMLResponse to the ACS as the browser's auto-submitted form would (with the browser's cookie, unless `cookie` says otherwise): where the 303 sends it. */
const postToAcs = async (samlResponse: string, cookie: Record<string, string> = cookieFor(samlResponse)) => {
  const res = await fetch(acsUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...cookie },
    body: new URLSearchParams({ SAMLResponse: samlResponse }).toString(),
  });
  expect(res.status, await res.text()).toBe(303);
  const location = res.headers.get('location')!;
  expect(location.startsWith(`${localEnv().APP_ORIGIN ?? baseUrl()}${appSsoPrefix}`)).toBe(true);
  return Object.fromEntries(new URLSearchParams(location.slice(location.indexOf(appSsoPrefix) + appSsoPrefix.length)));
};

const expectRefused = async (samlResponse: string) => expect(await postToAcs(samlResponse)).toEqual({ error: 'sso_failed' });

const exchange = async (ticket: string) => {
  const session = await call('createSsoSession', { body: { ticket } });
  expect(session.status, session.text).toBe(201);
  return session.body as { session_id: string; user_id: string };
};

const decode = (samlResponse: string) => new DOMParser().parseFromString(Buffer.from(samlResponse, 'base64').toString('utf8'), 'text/xml');
const encode = (doc: Document) => Buffer.from(new XMLSerializer().serializeToString(doc), 'utf8').toString('base64');
/** A copy of the signed assertion without its signature, naming someone else. */
const evilCopy = (signed: Element, email: string, id?: string) => {
  const evil = signed.cloneNode(true) as Element;
  if (id) evil.setAttribute('ID', id);
  for (const signature of Array.from(evil.getElementsByTagNameNS(DSIG, 'Signature'))) signature.parentNode!.removeChild(signature);
  evil.getElementsByTagNameNS(SAML, 'NameID')[0]!.textContent = email;
  return evil;
};

describe('SAML sign-in', () => {
  it("signs a new person from the proven domain in through the provider's page, and they join as a member", async () => {
    const email = at('newcomer');
    const { url, bindingCookie } = await start(email);
    const outcome = await walkSignIn(url, email, { bindingCookie });
    expect(outcome).toEqual({ ticket: expect.any(String) });
    const session = await exchange((outcome as { ticket: string }).ticket);
    const me = await call('getMe', { session: session.session_id });
    expect(me.status).toBe(200);
    expect(me.body.companies).toEqual([expect.objectContaining({ company_id: owner.companyId, user_role: 'member' })]);
  });

  it('signs in with a response made for the request, once: a second post of it is refused', async () => {
    const email = at('member');
    const { requestId } = await start(email);
    const { saml_response } = await responseFor(requestId, email);
    const first = await postToAcs(saml_response);
    expect(first).toEqual({ ticket: expect.any(String) });
    expect((await exchange(first.ticket!)).user_id).toBeTruthy();
    await expectRefused(saml_response);
  });

  it("reads a form whose sender left base64's + and = unencoded", async () => {
    const email = at('raw-form');
    const { requestId } = await start(email);
    const { saml_response } = await responseFor(requestId, email);
    expect(saml_response).toMatch(/\+/);
    const res = await fetch(acsUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...cookieFor(saml_response) },
      body: `SAMLResponse=${saml_response}`,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/#\/sso\?ticket=/);
  });

  it('refuses a replayed assertion even while its request is still outstanding (the assertion id is kept until it expires)', async () => {
    const email = at('replay');
    const { requestId } = await start(email);
    const { saml_response, assertion_id } = await responseFor(requestId, email);
    expect(await postToAcs(saml_response)).toEqual({ ticket: expect.any(String) });
    const { Item } = await localDb().send(
      new GetCommand({ TableName: localEnv().TABLE_NAME, Key: samlKeys.assertion(providerId, sha256(assertion_id)) }),
    );
    expect(Number(Item?.ttl)).toBeGreaterThan(epochSeconds(new Date()) + 4 * 60);
    // The request answered again as if its use had never been recorded: only the assertion record stops it.
    await localDb().send(
      new PutCommand({
        TableName: localEnv().TABLE_NAME,
        Item: {
          ...samlKeys.request(providerId, sha256(requestId)),
          type: 'samlRequest',
          providerId,
          value: new Date().toISOString(),
          bindingHash: sha256(bindings.get(requestId)!.slice('vi_sso='.length)),
          ttl: epochSeconds(new Date()) + 600,
        },
      }),
    );
    await expectRefused(saml_response);
  });

  it('refuses a response posted by another browser than the one that started the sign-in (login CSRF)', async () => {
    const email = at('csrf');
    // Without a cookie, and with another sign-in's (node-saml forgets a request whose answer it refused).
    const bare = await responseFor((await start(email)).requestId, email);
    expect(await postToAcs(bare.saml_response, {})).toEqual({ error: 'sso_failed' });
    const [theirs, mine] = [await start(email), await start(email)];
    const crossed = await responseFor(theirs.requestId, email);
    expect(await postToAcs(crossed.saml_response, { cookie: mine.bindingCookie })).toEqual({ error: 'sso_failed' });
    // The browser that started a sign-in finishes it.
    expect(await postToAcs((await responseFor(mine.requestId, email)).saml_response)).toEqual({ ticket: expect.any(String) });
  });

  it('refuses an unsigned assertion, and one signed by a key the metadata does not name', async () => {
    const email = at('unsigned');
    await expectRefused((await responseFor((await start(email)).requestId, email, { unsigned: true })).saml_response);
    await expectRefused((await responseFor((await start(email)).requestId, email, { stranger_key: true })).saml_response);
  });

  it('refuses another audience and another recipient', async () => {
    const email = at('audience');
    await expectRefused(
      (await responseFor((await start(email)).requestId, email, { audience: `${baseUrl()}/api/v1/sso/saml/other/other` })).saml_response,
    );
    await expectRefused(
      (await responseFor((await start(email)).requestId, email, { recipient: `${baseUrl()}/api/v1/sso/saml/other/other/acs` })).saml_response,
    );
  });

  it('refuses an expired assertion', async () => {
    const email = at('expired');
    await expectRefused(
      (await responseFor((await start(email)).requestId, email, { not_on_or_after: new Date(Date.now() - 5 * 60 * 1000).toISOString() }))
        .saml_response,
    );
  });

  it('refuses a response to a request we never made', async () => {
    const email = at('unsolicited');
    await expectRefused((await responseFor(`_${randomUUID()}`, email)).saml_response);
  });

  it('refuses signature wrapping: a second, unsigned assertion beside the signed one, or inside it', async () => {
    const email = at('wrapped');
    const beside = decode((await responseFor((await start(email)).requestId, email)).saml_response);
    const signed = beside.getElementsByTagNameNS(SAML, 'Assertion')[0]!;
    signed.parentNode!.insertBefore(evilCopy(signed, owner.email, '_evil'), signed);
    await expectRefused(encode(beside));

    const inside = decode((await responseFor((await start(email)).requestId, email)).saml_response);
    const signedInside = inside.getElementsByTagNameNS(SAML, 'Assertion')[0]!;
    signedInside.appendChild(evilCopy(signedInside, owner.email, '_evil'));
    await expectRefused(encode(inside));
  });

  it('refuses signature wrapping: the signed assertion moved under Extensions or a ds:Object, an evil one in its place', async () => {
    const email = at('moved');
    const doc = decode((await responseFor((await start(email)).requestId, email)).saml_response);
    const signed = doc.getElementsByTagNameNS(SAML, 'Assertion')[0]!;
    const evil = evilCopy(signed, owner.email);
    const extensions = doc.createElementNS(SAMLP, 'samlp:Extensions');
    doc.documentElement!.replaceChild(evil, signed);
    extensions.appendChild(signed);
    doc.documentElement!.insertBefore(extensions, doc.getElementsByTagNameNS(SAMLP, 'Status')[0]!);
    await expectRefused(encode(doc));

    const inObject = decode((await responseFor((await start(email)).requestId, email)).saml_response);
    const original = inObject.getElementsByTagNameNS(SAML, 'Assertion')[0]!;
    const carrier = original.cloneNode(true) as Element;
    carrier.setAttribute('ID', '_evil');
    carrier.getElementsByTagNameNS(SAML, 'NameID')[0]!.textContent = owner.email;
    const object = inObject.createElementNS(DSIG, 'ds:Object');
    carrier.getElementsByTagNameNS(DSIG, 'Signature')[0]!.appendChild(object);
    inObject.documentElement!.replaceChild(carrier, original);
    object.appendChild(original);
    await expectRefused(encode(inObject));
  });

  it("sends a post without a SAMLResponse, or with garbage, to the app with an error; a consumer service that is no provider's is a 404", async () => {
    const empty = await fetch(acsUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'RelayState=x',
    });
    expect(empty.status).toBe(303);
    expect(empty.headers.get('location')).toMatch(/#\/sso\?error=sso_failed$/);
    const garbage = await fetch(acsUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'SAMLResponse=%25%25%25',
    });
    expect(garbage.status).toBe(303);
    expect(garbage.headers.get('location')).toMatch(/#\/sso\?error=sso_failed$/);
    const unknown = await fetch(acsUrl.replace(providerId, 'AAAAAAAAAAAAAAAA'), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ SAMLResponse: (await responseFor('_x', at('unknown'))).saml_response }).toString(),
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { code: string }).code).toBe('provider_not_found');
  });
});
