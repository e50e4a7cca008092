import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authnRequestUrl, parseIdpMetadata, verifySamlResponse } from '../../lambdas/adapters/saml';
import { createSamlIdp, SAML_TEST_USERS, type SamlIdp } from '../../lib/local/saml-idp/index';

/**
 * The SAML identity provider stand-in's pages over HTTP (issue 42): metadata, the sign-in page for an
 * AuthnRequest, and the auto-posting form whose SAMLResponse the service provider's adapter accepts.
 */
let dir: string;
let server: Server;
let origin: string;
let idp: SamlIdp;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'saml-idp-http-'));
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  idp = await createSamlIdp({ origin, credentialsFile: path.join(dir, 'saml-idp.json') });
  server.on('request', (req, res) => {
    void idp.handle(req, res, new URL(req.url ?? '/', origin)).then((handled) => handled || res.writeHead(404).end());
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const memoryStore = () => {
  const items = new Map<string, string>();
  return {
    saveAsync: async (key: string, value: string) => (items.set(key, value), { value, createdAt: Date.now() }),
    getAsync: async (key: string) => items.get(key) ?? null,
    removeAsync: async (key: string | null) => (key && items.delete(key) ? key : null),
  };
};

const attr = (html: string, name: string, field: string) =>
  new RegExp(`name="${field}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));

describe('SAML identity provider stand-in', () => {
  it('keeps its key across restarts (the metadata pasted earlier stays valid)', async () => {
    const again = await createSamlIdp({ origin, credentialsFile: path.join(dir, 'saml-idp.json') });
    expect(again.certificate).toBe(idp.certificate);
    expect(again.metadataXml).toBe(idp.metadataXml);
  });

  it('signs in whoever types an address, through the HTTP-Redirect request and an auto-posting form', async () => {
    const metadataResponse = await fetch(`${origin}/_local/saml/metadata`);
    expect(metadataResponse.status).toBe(200);
    const metadata = parseIdpMetadata(await metadataResponse.text());
    expect(metadata.entityId).toBe(`${origin}/_local/saml`);

    const entityId = `${origin}/api/v1/sso/saml/c1/p1`;
    const acsUrl = `${entityId}/acs`;
    const requests = memoryStore();
    const start = new URL(
      await authnRequestUrl({ entityId, acsUrl, idpSsoUrl: metadata.ssoUrl, requestId: '_r1', certificates: metadata.certificates, requests }),
    );
    start.searchParams.set('RelayState', 'keep-me');
    const loginPage = await fetch(start);
    expect(loginPage.status).toBe(200);
    const html = await loginPage.text();
    expect(html).toContain('<label for="email">E-mail address</label>');
    expect(html).toContain('<input id="email" name="email" type="email"');
    expect(html).toContain('>Sign in</button>');
    for (const user of SAML_TEST_USERS) expect(html).toContain(user.email);

    const form = new URLSearchParams({
      SAMLRequest: start.searchParams.get('SAMLRequest')!,
      RelayState: 'keep-me',
      email: 'Someone.New@Example.test',
    });
    const posted = await fetch(`${origin}/_local/saml/sso`, {
      method: 'POST',
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status).toBe(200);
    const autoPost = await posted.text();
    expect(autoPost).toContain(`action="${acsUrl}"`);
    expect(attr(autoPost, 'RelayState', 'RelayState')).toBe('keep-me');
    const samlResponse = attr(autoPost, 'SAMLResponse', 'SAMLResponse')!;
    const verified = await verifySamlResponse({
      samlResponse,
      entityId,
      acsUrl,
      idpEntityId: metadata.entityId,
      certificates: metadata.certificates,
      requests,
    });
    expect(verified.email).toBe('someone.new@example.test');
  });

  it('asks again for a missing address, and refuses a request without an AuthnRequest or for another origin', async () => {
    const entityId = `${origin}/api/v1/sso/saml/c1/p1`;
    const start = new URL(
      await authnRequestUrl({
        entityId,
        acsUrl: `${entityId}/acs`,
        idpSsoUrl: `${origin}/_local/saml/sso`,
        requestId: '_r2',
        certificates: [idp.certificate],
        requests: memoryStore(),
      }),
    );
    const form = new URLSearchParams({ SAMLRequest: start.searchParams.get('SAMLRequest')!, email: 'not an address' });
    const again = await fetch(`${origin}/_local/saml/sso`, { method: 'POST', body: form });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('role="alert"');
    expect((await fetch(`${origin}/_local/saml/sso`)).status).toBe(400);
    const elsewhere = new URL(
      await authnRequestUrl({
        entityId: 'https://evil.test/sp',
        acsUrl: 'https://evil.test/acs',
        idpSsoUrl: `${origin}/_local/saml/sso`,
        requestId: '_r3',
        certificates: [idp.certificate],
        requests: memoryStore(),
      }),
    );
    expect((await fetch(elsewhere)).status).toBe(400);
  });

  it('answers tests a response by POST /_local/saml/responses, and a 400 naming a missing field', async () => {
    const made = await fetch(`${origin}/_local/saml/responses`, {
      method: 'POST',
      body: JSON.stringify({
        sp_entity_id: `${origin}/sp`,
        acs_url: `${origin}/acs`,
        in_response_to: '_x',
        email: 'a@b.test',
        tamper: { audience: 'other' },
      }),
    });
    expect(made.status).toBe(200);
    const body = (await made.json()) as { saml_response: string; assertion_id: string };
    const xml = Buffer.from(body.saml_response, 'base64').toString('utf8');
    expect(xml).toContain('<saml:Audience>other</saml:Audience>');
    expect(xml).toContain(`ID="${body.assertion_id}"`);
    const missing = await fetch(`${origin}/_local/saml/responses`, { method: 'POST', body: JSON.stringify({ sp_entity_id: 'x' }) });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { detail: string }).detail).toMatch(/acs_url/);
  });
});
