import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import * as samlifyNamespace from 'samlify';
import { readText } from '../net';
import { certificateBody, loadOrCreateCredentials, type SigningCredentials } from './credentials';
import { escapeHtml } from '../../../lambdas/domain/emails/layout';

/**
 * samlify is CommonJS: Node's ESM loader (tsx, `npm start`) finds only some of its exports as names
 * (not Utility or SamlLib), while its module object, the default export, has them all; vitest's loader
 * has them as names. Everything is taken from the one that has it all.
 */
const saml = ((samlifyNamespace as { default?: typeof samlifyNamespace }).default ?? samlifyNamespace) as typeof samlifyNamespace;

/**
 * The SAML 2.0 identity provider stand-in (issue 42), on the local stack's origin under `/_local/saml`,
 * built on samlify. Its RSA key and
 * self-signed certificate are made on first start and kept in the data directory.
 *
 * - `GET /_local/saml/metadata`: the IdP's metadata (entity id `<origin>/_local/saml`, the signing
 *   certificate, the HTTP-Redirect sign-in URL `<origin>/_local/saml/sso`), to paste into the product.
 * - `GET /_local/saml/sso?SAMLRequest=…&RelayState=…` (HTTP-Redirect binding): decodes the AuthnRequest
 *   and shows a sign-in page (an e-mail field; whoever types an address is that person) with ready test users.
 * - `POST /_local/saml/sso` (that page's form): answers a page that posts the signed SAMLResponse
 *   (HTTP-POST binding) with the RelayState to the request's AssertionConsumerServiceURL.
 * - `POST /_local/saml/responses` (for tests), JSON
 *   `{ sp_entity_id, acs_url, in_response_to, email, tamper?: { unsigned?, stranger_key?, audience?, recipient?, not_on_or_after? } }`:
 *   answers `{ saml_response, assertion_id }`, the base64 SAMLResponse to post to the ACS, made as a
 *   sign-in would make it, with the named flaw: no signature, a signature by a key the metadata does
 *   not name, another Audience, another subject confirmation Recipient, or a NotOnOrAfter (ISO time).
 *
 * The response: Destination and Recipient the ACS URL, Audience the SP's entity id (the request's
 * Issuer), InResponseTo the request's ID, NameID the e-mail (emailAddress format, also an `email`
 * attribute), valid 5 minutes, the assertion signed (RSA-SHA256, exclusive C14N), the response not.
 */
export const SAML_IDP_PATH = '/_local/saml';
export const samlIdpEntityId = (origin: string): string => `${origin}${SAML_IDP_PATH}`;

/** The people the sign-in page offers with one click (any other address can be typed). */
export const SAML_TEST_USERS = [
  { name: 'Sam Saml (member)', email: 'sam.saml@saml-idp.test' },
  { name: 'Robin Owner (owner)', email: 'robin.owner@saml-idp.test' },
  { name: 'Nico New (not yet a member)', email: 'nico.new@saml-idp.test' },
] as const;

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const VALIDITY_MS = 5 * 60 * 1000;
const MAX_BODY_BYTES = 64 * 1024;

export interface SamlResponseRequest {
  spEntityId: string;
  acsUrl: string;
  inResponseTo: string;
  email: string;
  tamper?: { unsigned?: boolean; strangerKey?: boolean; audience?: string; recipient?: string; notOnOrAfter?: string };
}

const LOGIN_RESPONSE_TEMPLATE =
  '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="{ID}" Version="2.0" IssueInstant="{IssueInstant}" Destination="{Destination}" InResponseTo="{InResponseTo}">' +
  '<saml:Issuer>{Issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="{StatusCode}"/></samlp:Status>' +
  '<saml:Assertion xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema" ID="{AssertionID}" Version="2.0" IssueInstant="{IssueInstant}">' +
  '<saml:Issuer>{Issuer}</saml:Issuer>' +
  '<saml:Subject><saml:NameID Format="{NameIDFormat}">{NameID}</saml:NameID>' +
  '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="{SubjectConfirmationDataNotOnOrAfter}" Recipient="{SubjectRecipient}" InResponseTo="{InResponseTo}"/></saml:SubjectConfirmation></saml:Subject>' +
  '<saml:Conditions NotBefore="{ConditionsNotBefore}" NotOnOrAfter="{ConditionsNotOnOrAfter}"><saml:AudienceRestriction><saml:Audience>{Audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>' +
  '<saml:AuthnStatement AuthnInstant="{IssueInstant}" SessionIndex="{SessionIndex}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>' +
  '<saml:AttributeStatement><saml:Attribute Name="email" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue xsi:type="xs:string">{NameID}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>' +
  '</saml:Assertion></samlp:Response>';

const isEmail = (text: string) => /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(text) && text.length <= 254;
const newId = () => `_${randomUUID()}`;

class BadRequest extends Error {}

/**
 * samlify wants a schema validator for what it parses (here only the product's AuthnRequests). The
 * XSD validators there are (xmllint compiled to JavaScript, or Java) take seconds for their first
 * check on this machine, so this one checks what matters to the stand-in after samlify's own
 * checks: well-formed XML (no DTD) whose root is a SAML 2.0 protocol message.
 */
const protocolMessageValidator = {
  validate: (xml: string): Promise<string> => {
    const fail = (why: string) => Promise.reject(new Error(`ERR_INVALID_XML: ${why}`));
    let doc: Document;
    try {
      doc = new DOMParser({
        errorHandler: {
          error: (m: unknown) => {
            throw new Error(String(m));
          },
          fatalError: (m: unknown) => {
            throw new Error(String(m));
          },
        },
      }).parseFromString(xml, 'text/xml');
    } catch (error) {
      return fail(String(error));
    }
    if (doc.doctype) return fail('a DTD');
    const root = doc.documentElement;
    if (!root || root.namespaceURI !== 'urn:oasis:names:tc:SAML:2.0:protocol') return fail('not a SAML 2.0 protocol message');
    return Promise.resolve('SUCCESS_VALIDATE_XML');
  },
};

let validatorSet = false;

export const createSamlIdp = async (options: { origin: string; credentialsFile: string }) => {
  if (!validatorSet) {
    saml.setSchemaValidator(protocolMessageValidator);
    validatorSet = true;
  }
  const { origin } = options;
  const entityId = samlIdpEntityId(origin);
  const ssoUrl = `${origin}${SAML_IDP_PATH}/sso`;
  const credentials = await loadOrCreateCredentials(options.credentialsFile);
  const identityProvider = (signing: SigningCredentials) =>
    saml.IdentityProvider({
      entityID: entityId,
      privateKey: signing.privateKey,
      signingCert: signing.certificate,
      nameIDFormat: [EMAIL_FORMAT],
      wantAuthnRequestsSigned: false,
      requestSignatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      singleSignOnService: [{ Binding: saml.Constants.namespace.binding.redirect, Location: ssoUrl }],
      loginResponseTemplate: { context: LOGIN_RESPONSE_TEMPLATE, attributes: [] },
    });
  const idp = identityProvider(credentials.idp);
  const strangerIdp = identityProvider(credentials.stranger);
  const metadataXml = idp.getMetadata();

  const serviceProvider = (spEntityId: string, acsUrl: string) =>
    saml.ServiceProvider({
      entityID: spEntityId,
      wantAssertionsSigned: true,
      assertionConsumerService: [{ Binding: saml.Constants.namespace.binding.post, Location: acsUrl }],
    });

  /** The ACS must be on this origin: the stand-in posts people's sign-ins to this stack's product only. */
  const checkAcs = (acsUrl: string) => {
    if (!URL.canParse(acsUrl) || new URL(acsUrl).origin !== new URL(origin).origin) throw new BadRequest(`The ACS URL must be on ${origin}.`);
  };

  /** A base64 SAMLResponse as the sign-in page makes it, or with the flaw a test names. */
  const samlResponse = async (input: SamlResponseRequest): Promise<{ samlResponse: string; assertionId: string }> => {
    checkAcs(input.acsUrl);
    if (!isEmail(input.email)) throw new BadRequest('Enter an e-mail address.');
    const tamper = input.tamper ?? {};
    const now = new Date();
    const notOnOrAfter = tamper.notOnOrAfter ? new Date(tamper.notOnOrAfter) : new Date(now.getTime() + VALIDITY_MS);
    if (Number.isNaN(notOnOrAfter.getTime())) throw new BadRequest('not_on_or_after is not a time.');
    const notBefore = new Date(Math.min(now.getTime(), notOnOrAfter.getTime() - VALIDITY_MS));
    const assertionId = newId();
    const values = {
      ID: newId(),
      AssertionID: assertionId,
      Destination: input.acsUrl,
      Audience: tamper.audience ?? input.spEntityId,
      SubjectRecipient: tamper.recipient ?? input.acsUrl,
      Issuer: entityId,
      IssueInstant: notBefore.toISOString(),
      StatusCode: saml.Constants.StatusCode.Success,
      ConditionsNotBefore: notBefore.toISOString(),
      ConditionsNotOnOrAfter: notOnOrAfter.toISOString(),
      SubjectConfirmationDataNotOnOrAfter: notOnOrAfter.toISOString(),
      NameIDFormat: EMAIL_FORMAT,
      NameID: input.email,
      InResponseTo: input.inResponseTo,
      SessionIndex: newId(),
    };
    const signer = tamper.strangerKey ? strangerIdp : idp;
    const { context } = (await signer.createLoginResponse(
      serviceProvider(input.spEntityId, input.acsUrl),
      { extract: {} },
      'post',
      { email: input.email },
      {
        customTagReplacement: (template: string) => ({ id: values.ID, context: saml.SamlLib.replaceTagsByValue(template, values) }),
      },
    )) as { context: string };
    if (!tamper.unsigned) return { samlResponse: context, assertionId };
    const doc = new DOMParser().parseFromString(Buffer.from(context, 'base64').toString('utf8'), 'text/xml');
    for (const signature of Array.from(doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature')))
      signature.parentNode?.removeChild(signature);
    return { samlResponse: Buffer.from(new XMLSerializer().serializeToString(doc), 'utf8').toString('base64'), assertionId };
  };

  /** The AuthnRequest of an HTTP-Redirect (or a form carrying it on): its id, the SP's entity id and ACS URL. */
  const readAuthnRequest = async (samlRequest: string | null, relayState: string | null) => {
    if (!samlRequest) throw new BadRequest('No SAMLRequest: start the sign-in from the product.');
    let xml: string;
    try {
      xml = saml.Utility.inflateString(samlRequest);
    } catch {
      throw new BadRequest('The SAMLRequest is not a deflated, base64-encoded AuthnRequest.');
    }
    let extract: { request?: { id?: string; assertionConsumerServiceUrl?: string }; issuer?: string };
    try {
      extract = saml.Extractor.extract(xml, saml.Extractor.loginRequestFields) as typeof extract;
    } catch {
      throw new BadRequest('The SAMLRequest is not an AuthnRequest.');
    }
    const issuer = extract.issuer;
    const acsUrl = extract.request?.assertionConsumerServiceUrl;
    if (!issuer || !acsUrl) throw new BadRequest('The AuthnRequest names no Issuer or AssertionConsumerServiceURL.');
    checkAcs(acsUrl);
    // samlify's own parse (schema, issuer, binding) of what the product sent.
    try {
      await idp.parseLoginRequest(serviceProvider(issuer, acsUrl), 'redirect', {
        query: { SAMLRequest: samlRequest, ...(relayState ? { RelayState: relayState } : {}) },
      });
    } catch (error) {
      throw new BadRequest(`The AuthnRequest was refused: ${String(error)}`);
    }
    if (!extract.request?.id) throw new BadRequest('The AuthnRequest has no ID.');
    return { requestId: extract.request.id, spEntityId: issuer, acsUrl };
  };

  const page = (res: ServerResponse, status: number, title: string, body: string, nonce?: string) => {
    res
      .writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${nonce ? `; script-src 'nonce-${nonce}'` : ''}`,
        'referrer-policy': 'no-referrer',
      })
      .end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>` +
          '<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}label{display:block;font-weight:600;margin-bottom:.25rem}input{font:inherit;padding:.5rem;width:100%;box-sizing:border-box;margin-bottom:1rem}button{font:inherit;padding:.5rem 1rem;cursor:pointer}ul{list-style:none;padding:0}li{margin:.5rem 0}.error{color:#a4000f}</style>' +
          `</head><body><main>${body}</main></body></html>`,
      );
  };

  const hidden = (name: string, value: string | null) => (value ? `<input type="hidden" name="${name}" value="${escapeHtml(value)}">` : '');

  const loginPage = (res: ServerResponse, samlRequest: string, relayState: string | null, spEntityId: string, error?: string) => {
    const carry = hidden('SAMLRequest', samlRequest) + hidden('RelayState', relayState);
    page(
      res,
      error ? 400 : 200,
      'Sign in — local SAML identity provider',
      '<h1>Sign in</h1>' +
        `<p>Local SAML identity provider, signing you in to <strong>${escapeHtml(spEntityId)}</strong>. Whoever types an address here is that person.</p>` +
        (error ? `<p class="error" role="alert" id="email-error">${escapeHtml(error)}</p>` : '') +
        `<form method="post" action="${SAML_IDP_PATH}/sso">${carry}<label for="email">E-mail address</label>` +
        `<input id="email" name="email" type="email" required autocomplete="email"${error ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>` +
        '<button type="submit">Sign in</button></form>' +
        '<h2>Test users</h2><ul>' +
        SAML_TEST_USERS.map(
          (user) =>
            `<li><form method="post" action="${SAML_IDP_PATH}/sso">${carry}${hidden('email', user.email)}<button type="submit">Sign in as ${escapeHtml(user.name)} — ${escapeHtml(user.email)}</button></form></li>`,
        ).join('') +
        '</ul>',
    );
  };

  const postToAcs = (res: ServerResponse, acsUrl: string, response: string, relayState: string | null) => {
    const nonce = randomBytes(16).toString('base64');
    page(
      res,
      200,
      'Signing you in…',
      `<h1>Signing you in…</h1><form method="post" action="${escapeHtml(acsUrl)}">${hidden('SAMLResponse', response)}${hidden('RelayState', relayState)}` +
        '<noscript><p>JavaScript is off: continue by hand.</p></noscript><button type="submit">Continue</button></form>' +
        `<script nonce="${nonce}">document.forms[0].submit();</script>`,
      nonce,
    );
  };

  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));

  const handle = async (req: IncomingMessage, res: ServerResponse, requestUrl: URL): Promise<boolean> => {
    const { pathname } = requestUrl;
    if (pathname !== SAML_IDP_PATH && !pathname.startsWith(`${SAML_IDP_PATH}/`)) return false;
    const route = `${req.method} ${pathname.slice(SAML_IDP_PATH.length) || '/'}`;
    try {
      if (route === 'GET /metadata') {
        res.writeHead(200, { 'content-type': 'application/samlmetadata+xml; charset=utf-8', 'cache-control': 'no-store' }).end(metadataXml);
      } else if (route === 'GET /sso') {
        const samlRequest = requestUrl.searchParams.get('SAMLRequest');
        const relayState = requestUrl.searchParams.get('RelayState');
        const request = await readAuthnRequest(samlRequest, relayState);
        loginPage(res, samlRequest!, relayState, request.spEntityId);
      } else if (route === 'POST /sso') {
        const form = new URLSearchParams(await readText(req, MAX_BODY_BYTES));
        const samlRequest = form.get('SAMLRequest');
        const relayState = form.get('RelayState');
        const request = await readAuthnRequest(samlRequest, relayState);
        const email = (form.get('email') ?? '').trim().toLowerCase();
        if (!isEmail(email)) {
          loginPage(res, samlRequest!, relayState, request.spEntityId, 'Enter an e-mail address, like name@example.com.');
          return true;
        }
        const { samlResponse: response } = await samlResponse({
          spEntityId: request.spEntityId,
          acsUrl: request.acsUrl,
          inResponseTo: request.requestId,
          email,
        });
        postToAcs(res, request.acsUrl, response, relayState);
      } else if (route === 'POST /responses') {
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(await readText(req, MAX_BODY_BYTES)) as Record<string, unknown>;
        } catch {
          throw new BadRequest('Send JSON.');
        }
        const text = (value: unknown, name: string) => {
          if (typeof value !== 'string' || value === '') throw new BadRequest(`${name} is required (a string).`);
          return value;
        };
        const tamper = (body.tamper ?? {}) as Record<string, unknown>;
        const result = await samlResponse({
          spEntityId: text(body.sp_entity_id, 'sp_entity_id'),
          acsUrl: text(body.acs_url, 'acs_url'),
          inResponseTo: text(body.in_response_to, 'in_response_to'),
          email: text(body.email, 'email'),
          tamper: {
            unsigned: tamper.unsigned === true,
            strangerKey: tamper.stranger_key === true,
            audience: typeof tamper.audience === 'string' ? tamper.audience : undefined,
            recipient: typeof tamper.recipient === 'string' ? tamper.recipient : undefined,
            notOnOrAfter: typeof tamper.not_on_or_after === 'string' ? tamper.not_on_or_after : undefined,
          },
        });
        json(res, 200, { saml_response: result.samlResponse, assertion_id: result.assertionId });
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      }
    } catch (error) {
      if (!(error instanceof BadRequest)) throw error;
      if (route === 'POST /responses') json(res, 400, { detail: error.message });
      else page(res, 400, 'Sign-in request refused', `<h1>Sign-in request refused</h1><p role="alert">${escapeHtml(error.message)}</p>`);
    }
    return true;
  };

  return { entityId, ssoUrl, metadataXml, certificate: certificateBody(credentials.idp.certificate), samlResponse, handle };
};

export type SamlIdp = Awaited<ReturnType<typeof createSamlIdp>>;
