import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authnRequestUrl, parseIdpMetadata, SamlFailure, verifySamlResponse } from '../../lambdas/adapters/saml';
import { HttpError } from '../../lambdas/platform/errors';
import { createSamlIdp, type SamlIdp, type SamlResponseRequest } from '../../lib/local/saml-idp/index';

/**
 * The service provider's SAML adapter (issue 42) against responses the identity provider stand-in
 * makes (samlify, signed with its own key): metadata reading, the AuthnRequest, and each refusal.
 */
const ORIGIN = 'http://localhost:3999';
const ENTITY_ID = `${ORIGIN}/api/v1/sso/saml/company1/provider1`;
const ACS_URL = `${ENTITY_ID}/acs`;
const SAMLP = 'urn:oasis:names:tc:SAML:2.0:protocol';
const SAML = 'urn:oasis:names:tc:SAML:2.0:assertion';

/** An outstanding-request store in memory, the shape node-saml's cacheProvider takes. */
const memoryStore = () => {
  const items = new Map<string, string>();
  return {
    items,
    saveAsync: async (key: string, value: string) => (items.set(key, value), { value, createdAt: Date.now() }),
    getAsync: async (key: string) => items.get(key) ?? null,
    removeAsync: async (key: string | null) => {
      const value = key ? (items.get(key) ?? null) : null;
      if (key) items.delete(key);
      return value;
    },
  };
};

let dir: string;
let idp: SamlIdp;
let certificates: string[];
let idpEntityId: string;
let requests: ReturnType<typeof memoryStore>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'saml-idp-'));
  idp = await createSamlIdp({ origin: ORIGIN, credentialsFile: path.join(dir, 'saml-idp.json') });
  const metadata = parseIdpMetadata(idp.metadataXml);
  certificates = metadata.certificates;
  idpEntityId = metadata.entityId;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(() => {
  requests = memoryStore();
});

/** A request of ours outstanding, and the stand-in's response to it (with a flaw when asked). */
const respond = async (overrides: Partial<SamlResponseRequest> = {}) => {
  const requestId = `_req${Math.random().toString(36).slice(2)}`;
  await requests.saveAsync(requestId, new Date().toISOString());
  return idp.samlResponse({ spEntityId: ENTITY_ID, acsUrl: ACS_URL, inResponseTo: requestId, email: 'pat@acme.test', ...overrides });
};

const verify = (samlResponse: string) =>
  verifySamlResponse({ samlResponse, entityId: ENTITY_ID, acsUrl: ACS_URL, idpEntityId, certificates, requests });

const refusal = async (samlResponse: string): Promise<string> => {
  const error = await verify(samlResponse).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SamlFailure);
  return (error as SamlFailure).reason;
};

const decode = (samlResponse: string) => new DOMParser().parseFromString(Buffer.from(samlResponse, 'base64').toString('utf8'), 'text/xml');
const encode = (doc: Document) => Buffer.from(new XMLSerializer().serializeToString(doc), 'utf8').toString('base64');

describe('parseIdpMetadata', () => {
  it("reads the stand-in's entity id, sign-in URL and certificate", () => {
    const metadata = parseIdpMetadata(idp.metadataXml);
    expect(metadata).toEqual({ entityId: `${ORIGIN}/_local/saml`, ssoUrl: `${ORIGIN}/_local/saml/sso`, certificates: [idp.certificate] });
  });

  const expectRefused = (xml: string, message: RegExp) => {
    let error: unknown;
    try {
      parseIdpMetadata(xml);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).message).toMatch(message);
  };

  it('refuses what is not XML, or not an identity provider, with a sentence saying why', () => {
    expectRefused('not xml at all <', /not valid XML|no EntityDescriptor/);
    expectRefused('<a><b></a>', /not valid XML|no EntityDescriptor/);
    expectRefused(
      '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"><md:SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"/></md:EntityDescriptor>',
      /no IDPSSODescriptor|no EntityDescriptor with an IDPSSODescriptor/,
    );
    expectRefused('<!DOCTYPE x [<!ENTITY e "x">]><x>&e;</x>', /not valid XML/);
  });

  it('refuses metadata without a signing certificate or without a sign-in URL', () => {
    const doc = new DOMParser().parseFromString(idp.metadataXml, 'text/xml');
    const withoutKeys = doc.cloneNode(true) as Document;
    for (const key of Array.from(withoutKeys.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:metadata', 'KeyDescriptor')))
      key.parentNode!.removeChild(key);
    expectRefused(new XMLSerializer().serializeToString(withoutKeys), /no signing certificate/);
    const withoutSso = doc.cloneNode(true) as Document;
    for (const sso of Array.from(withoutSso.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:metadata', 'SingleSignOnService')))
      sso.parentNode!.removeChild(sso);
    expectRefused(new XMLSerializer().serializeToString(withoutSso), /no sign-in URL/);
  });
});

describe('authnRequestUrl', () => {
  it('sends an AuthnRequest of ours (HTTP-Redirect) to the sign-in URL and keeps its id', async () => {
    const url = new URL(
      await authnRequestUrl({
        entityId: ENTITY_ID,
        acsUrl: ACS_URL,
        idpSsoUrl: `${ORIGIN}/_local/saml/sso`,
        requestId: '_abc123',
        certificates,
        requests,
      }),
    );
    expect(url.origin + url.pathname).toBe(`${ORIGIN}/_local/saml/sso`);
    const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
    const request = new DOMParser().parseFromString(xml, 'text/xml').documentElement!;
    expect(request.localName).toBe('AuthnRequest');
    expect(request.getAttribute('ID')).toBe('_abc123');
    expect(request.getAttribute('AssertionConsumerServiceURL')).toBe(ACS_URL);
    expect(request.getElementsByTagNameNS(SAML, 'Issuer')[0].textContent).toBe(ENTITY_ID);
    expect(requests.items.has('_abc123')).toBe(true);
  });
});

describe('verifySamlResponse', () => {
  it('accepts a signed response to a request of ours, once, and names the e-mail and assertion', async () => {
    const { samlResponse, assertionId } = await respond({ email: 'Pat@Acme.test' });
    const verified = await verify(samlResponse);
    expect(verified.email).toBe('pat@acme.test');
    expect(verified.assertionId).toBe(assertionId);
    expect(verified.notOnOrAfter.getTime()).toBeGreaterThan(Date.now() + 4 * 60 * 1000);
    // The request was answered: the same response again names no outstanding request.
    expect(await refusal(samlResponse)).toMatch(/InResponseTo/);
  });

  it('refuses an unsigned assertion', async () => {
    expect(await refusal((await respond({ tamper: { unsigned: true } })).samlResponse)).toMatch(/signature/i);
  });

  it('refuses an assertion signed by a key the metadata does not name', async () => {
    expect(await refusal((await respond({ tamper: { strangerKey: true } })).samlResponse)).toMatch(/signature/i);
  });

  it('refuses another audience', async () => {
    expect(await refusal((await respond({ tamper: { audience: `${ORIGIN}/api/v1/sso/saml/company2/provider2` } })).samlResponse)).toMatch(
      /audience/i,
    );
  });

  it('refuses a subject confirmation for another recipient (node-saml does not check it; the adapter does)', async () => {
    expect(await refusal((await respond({ tamper: { recipient: `${ORIGIN}/api/v1/sso/saml/company2/provider2/acs` } })).samlResponse)).toMatch(
      /Recipient/,
    );
  });

  it('refuses an expired assertion (beyond the minute of skew), and accepts one within it', async () => {
    expect(await refusal((await respond({ tamper: { notOnOrAfter: new Date(Date.now() - 2 * 60 * 1000).toISOString() } })).samlResponse)).toMatch(
      /expired|subject confirmation/i,
    );
    await expect(
      verify((await respond({ tamper: { notOnOrAfter: new Date(Date.now() - 20 * 1000).toISOString() } })).samlResponse),
    ).resolves.toMatchObject({
      email: 'pat@acme.test',
    });
  });

  it('refuses a response to a request we never made', async () => {
    const { samlResponse } = await idp.samlResponse({ spEntityId: ENTITY_ID, acsUrl: ACS_URL, inResponseTo: '_never-asked', email: 'pat@acme.test' });
    expect(await refusal(samlResponse)).toMatch(/InResponseTo/);
  });

  it('refuses an assertion from another issuer than the provider', async () => {
    const { samlResponse } = await respond();
    await expect(
      verifySamlResponse({ samlResponse, entityId: ENTITY_ID, acsUrl: ACS_URL, idpEntityId: 'https://other-idp.test', certificates, requests }),
    ).rejects.toThrow(/Issuer/);
  });

  it('refuses XML signature wrapping: an unsigned second assertion beside the signed one', async () => {
    const { samlResponse } = await respond({ email: 'pat@acme.test' });
    const doc = decode(samlResponse);
    const signed = doc.getElementsByTagNameNS(SAML, 'Assertion')[0];
    const evil = signed.cloneNode(true) as Element;
    evil.setAttribute('ID', '_evil');
    for (const signature of Array.from(evil.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature'))) evil.removeChild(signature);
    evil.getElementsByTagNameNS(SAML, 'NameID')[0].textContent = 'mallory@acme.test';
    // Before the signed one (readers taking the first assertion get the evil one), and after it.
    signed.parentNode!.insertBefore(evil, signed);
    expect(await refusal(encode(doc))).toMatch(/multiple assertions/i);
    // A refused response uses its request up, so the second arrangement answers a request of its own.
    const after = decode((await respond({ email: 'pat@acme.test' })).samlResponse);
    const signedAfter = after.getElementsByTagNameNS(SAML, 'Assertion')[0];
    signedAfter.parentNode!.appendChild(after.importNode(evil, true));
    expect(await refusal(encode(after))).toMatch(/multiple assertions/i);
  });

  it('refuses XML signature wrapping: an evil assertion inside the signed one', async () => {
    const { samlResponse } = await respond({ email: 'pat@acme.test' });
    const doc = decode(samlResponse);
    const signed = doc.getElementsByTagNameNS(SAML, 'Assertion')[0];
    const evil = signed.cloneNode(true) as Element;
    evil.setAttribute('ID', '_evil');
    for (const signature of Array.from(evil.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature'))) evil.removeChild(signature);
    evil.getElementsByTagNameNS(SAML, 'NameID')[0].textContent = 'mallory@acme.test';
    signed.appendChild(evil);
    expect(await refusal(encode(doc))).toMatch(/signature/i);
  });

  it('refuses XML signature wrapping: the signed assertion moved under Extensions, an evil one in its place', async () => {
    const { samlResponse } = await respond({ email: 'pat@acme.test' });
    const doc = decode(samlResponse);
    const response = doc.documentElement!;
    const signed = doc.getElementsByTagNameNS(SAML, 'Assertion')[0];
    const evil = signed.cloneNode(true) as Element;
    for (const signature of Array.from(evil.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature'))) evil.removeChild(signature);
    evil.getElementsByTagNameNS(SAML, 'NameID')[0].textContent = 'mallory@acme.test';
    // The evil copy keeps the signed one's ID, so the signature's Reference (#ID) could find either.
    const extensions = doc.createElementNS(SAMLP, 'samlp:Extensions');
    response.replaceChild(evil, signed);
    extensions.appendChild(signed);
    response.insertBefore(extensions, response.getElementsByTagNameNS(SAMLP, 'Status')[0]);
    expect(await refusal(encode(doc))).toMatch(/signature/i);
  });

  it("refuses XML signature wrapping: the signed assertion moved into the evil one's ds:Object", async () => {
    const { samlResponse } = await respond({ email: 'pat@acme.test' });
    const doc = decode(samlResponse);
    const signed = doc.getElementsByTagNameNS(SAML, 'Assertion')[0];
    const evil = signed.cloneNode(true) as Element;
    evil.setAttribute('ID', '_evil');
    evil.getElementsByTagNameNS(SAML, 'NameID')[0].textContent = 'mallory@acme.test';
    // The evil assertion carries the signature, whose ds:Object holds the original signed assertion.
    const signature = evil.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature')[0];
    const object = doc.createElementNS('http://www.w3.org/2000/09/xmldsig#', 'ds:Object');
    signature.appendChild(object);
    doc.documentElement!.replaceChild(evil, signed);
    object.appendChild(signed);
    expect(await refusal(encode(doc))).toMatch(/signature/i);
  });

  it("lets the request store's own failure through as an error, not a refusal", async () => {
    const { samlResponse } = await respond();
    const throttled = new Error('ProvisionedThroughputExceededException');
    const failing = { ...requests, getAsync: () => Promise.reject(throttled) };
    await expect(
      verifySamlResponse({ samlResponse, entityId: ENTITY_ID, acsUrl: ACS_URL, idpEntityId, certificates, requests: failing }),
    ).rejects.toBe(throttled);
  });

  it('refuses what is not a SAML response at all', async () => {
    expect(await refusal(Buffer.from('<html/>').toString('base64'))).toBeTruthy();
    expect(await refusal('%%%not-base64')).toBeTruthy();
  });
});
