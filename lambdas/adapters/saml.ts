import { DOMParser } from '@xmldom/xmldom';
import { SAML, ValidateInResponseTo, type CacheProvider } from '@node-saml/node-saml';
import { badRequest } from '../platform/errors';

/**
 * SAML 2.0 for the service provider's side (issue 42), through @node-saml/node-saml: the identity
 * provider's metadata read, the AuthnRequest (HTTP-Redirect binding) and the response's verification
 * (HTTP-POST binding). The store of outstanding request ids is handed in (lambdas/data/saml.ts).
 */

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** How far the identity provider's clock may be from ours. */
export const SAML_CLOCK_SKEW_MS = 60_000;

/** A parser that refuses what it cannot read (no partial document from broken XML, no DTD). */
const parseXml = (xml: string, what: string): Document => {
  const refuse = (message: string) => {
    throw badRequest(`The ${what} is not valid XML (${message.split('\n')[0].slice(0, 200)}).`, 'invalid_saml_metadata');
  };
  const doc = new DOMParser({
    errorHandler: { error: (message: unknown) => refuse(String(message)), fatalError: (message: unknown) => refuse(String(message)) },
  }).parseFromString(xml, 'text/xml');
  if (doc.doctype) refuse('a document type declaration is not allowed');
  return doc;
};

const childrenNamed = (parent: Element, namespace: string, localName: string): Element[] =>
  Array.from(parent.childNodes).filter(
    (node): node is Element => node.nodeType === 1 && (node as Element).namespaceURI === namespace && (node as Element).localName === localName,
  );

const descendantsNamed = (parent: Element | Document, namespace: string, localName: string): Element[] =>
  Array.from(parent.getElementsByTagNameNS(namespace, localName));

export interface IdpMetadata {
  entityId: string;
  /** The single sign-on service's Location: the HTTP-Redirect binding's, else the HTTP-POST binding's. */
  ssoUrl: string;
  /** The signing certificates, base64 DER (no PEM armour, no white space). */
  certificates: string[];
}

/**
 * Reads an identity provider's metadata: its entity id, its sign-in URL and its signing certificates.
 * A 400 with a sentence for the owner when any is missing (or the XML is not metadata at all).
 */
export const parseIdpMetadata = (xml: string): IdpMetadata => {
  const doc = parseXml(xml.trim(), 'metadata');
  const root = doc.documentElement;
  if (!root) throw badRequest('The metadata is empty.', 'invalid_saml_metadata');
  const entities =
    root.namespaceURI === MD && root.localName === 'EntityDescriptor'
      ? [root]
      : root.namespaceURI === MD && root.localName === 'EntitiesDescriptor'
        ? descendantsNamed(root, MD, 'EntityDescriptor').filter((entity) => childrenNamed(entity, MD, 'IDPSSODescriptor').length > 0)
        : [];
  if (entities.length === 0) {
    throw badRequest(
      "This is not an identity provider's SAML metadata: it has no EntityDescriptor with an IDPSSODescriptor.",
      'invalid_saml_metadata',
    );
  }
  if (entities.length > 1)
    throw badRequest('The metadata describes more than one identity provider: paste the metadata of one.', 'invalid_saml_metadata');
  const entity = entities[0];
  const entityId = entity.getAttribute('entityID')?.trim() ?? '';
  const descriptor = childrenNamed(entity, MD, 'IDPSSODescriptor')[0];
  if (!descriptor) throw badRequest("The metadata has no IDPSSODescriptor: it is not an identity provider's metadata.", 'invalid_saml_metadata');
  if (!entityId) throw badRequest('The metadata has no entityID.', 'invalid_saml_metadata');
  const services = childrenNamed(descriptor, MD, 'SingleSignOnService');
  const location = (binding: string) =>
    services
      .find((service) => service.getAttribute('Binding') === binding && URL.canParse(service.getAttribute('Location') ?? ''))
      ?.getAttribute('Location');
  const ssoUrl = location(REDIRECT_BINDING) ?? location(POST_BINDING);
  if (!ssoUrl) {
    throw badRequest(
      'The metadata names no sign-in URL (a SingleSignOnService with the HTTP-Redirect or HTTP-POST binding).',
      'invalid_saml_metadata',
    );
  }
  const certificates = childrenNamed(descriptor, MD, 'KeyDescriptor')
    // A KeyDescriptor without `use` serves both signing and encryption.
    .filter((key) => (key.getAttribute('use') ?? 'signing') === 'signing' || key.getAttribute('use') === '')
    .flatMap((key) => descendantsNamed(key, DSIG, 'X509Certificate'))
    .map((cert) => (cert.textContent ?? '').replace(/\s+/g, ''))
    .filter((cert) => cert.length > 0);
  if (certificates.length === 0)
    throw badRequest('The metadata has no signing certificate (a KeyDescriptor with an X509Certificate).', 'invalid_saml_metadata');
  return { entityId, ssoUrl, certificates: [...new Set(certificates)] };
};

const samlClient = (input: {
  entityId: string;
  acsUrl: string;
  idpSsoUrl?: string;
  idpEntityId?: string;
  certificates: string[];
  requests: CacheProvider;
  requestId?: string;
}) =>
  new SAML({
    entryPoint: input.idpSsoUrl,
    issuer: input.entityId,
    callbackUrl: input.acsUrl,
    audience: input.entityId,
    idpIssuer: input.idpEntityId,
    idpCert: input.certificates,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: 10 * 60 * 1000,
    cacheProvider: input.requests,
    identifierFormat: EMAIL_FORMAT,
    // Okta, Entra and Google decide how the person authenticates (a password, a key, MFA); we do not ask for one.
    disableRequestedAuthnContext: true,
    ...(input.requestId ? { generateUniqueId: () => input.requestId! } : {}),
  });

/**
 * The identity provider's sign-in URL carrying our AuthnRequest (HTTP-Redirect binding, unsigned, as
 * the metadata we show says), its id stored in `requests` so that the answer must name it.
 */
export const authnRequestUrl = async (input: {
  entityId: string;
  acsUrl: string;
  idpSsoUrl: string;
  /** Our request's id: an XML NCName (starts with a letter or `_`). */
  requestId: string;
  certificates: string[];
  requests: CacheProvider;
}): Promise<string> => samlClient(input).getAuthorizeUrlAsync('', undefined, {});

/** Why a SAML response was refused (for the logs; the person only hears that it did not verify). */
export class SamlFailure extends Error {
  constructor(readonly reason: string) {
    super(`SAML response refused: ${reason}`);
    this.name = 'SamlFailure';
  }
}

export interface VerifiedAssertion {
  email: string;
  assertionId: string;
  /** When the assertion stops being valid (the later of its Conditions' and its subject confirmation's NotOnOrAfter). */
  notOnOrAfter: Date;
}

const attribute = (assertion: Element, names: readonly string[]): string | undefined => {
  for (const attr of descendantsNamed(assertion, ASSERTION, 'Attribute')) {
    const name = attr.getAttribute('Name') ?? '';
    const friendly = attr.getAttribute('FriendlyName') ?? '';
    if (names.includes(name) || names.includes(friendly)) {
      const value = descendantsNamed(attr, ASSERTION, 'AttributeValue')[0]?.textContent?.trim();
      if (value) return value;
    }
  }
  return undefined;
};

const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
] as const;

const timeOf = (text: string | null | undefined): number | undefined => {
  if (!text) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
};

/**
 * Verifies a SAML response posted to the assertion consumer service and answers who it signs in.
 * node-saml checks the assertion's signature by the provider's certificates (exactly one assertion,
 * the signed one is what is read, so wrapped signatures fail), the audience, the time window with a
 * minute's skew, and InResponseTo against our outstanding requests (removing it once used). What it
 * does not check is checked here, on the signed assertion: the issuer, and that a subject
 * confirmation names our ACS URL as its Recipient. Any failure throws a SamlFailure.
 */
export const verifySamlResponse = async (input: {
  samlResponse: string;
  entityId: string;
  acsUrl: string;
  idpEntityId: string;
  certificates: string[];
  requests: CacheProvider;
}): Promise<VerifiedAssertion> => {
  let assertionXml: string;
  // The store's own failures (a throttled table) are errors, not refusals: they are told apart here.
  const storeFailures: unknown[] = [];
  const guarded =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await method(...args);
      } catch (error) {
        storeFailures.push(error);
        throw error;
      }
    };
  const requests: CacheProvider = {
    saveAsync: guarded(input.requests.saveAsync.bind(input.requests)),
    getAsync: guarded(input.requests.getAsync.bind(input.requests)),
    removeAsync: guarded(input.requests.removeAsync.bind(input.requests)),
  };
  try {
    const { profile } = await samlClient({ ...input, requests }).validatePostResponseAsync({ SAMLResponse: input.samlResponse });
    if (!profile) throw new SamlFailure('no assertion (a logout or passive answer)');
    assertionXml = profile.getAssertionXml?.() ?? '';
  } catch (error) {
    if (storeFailures.length > 0) throw storeFailures[0];
    if (error instanceof SamlFailure) throw error;
    throw new SamlFailure((error as Error).message?.slice(0, 200) || 'not a SAML response');
  }
  // The signed assertion only, exactly as node-saml verified it.
  let assertion: Element;
  try {
    assertion = parseXml(assertionXml, 'assertion').documentElement!;
  } catch {
    throw new SamlFailure('the signed assertion could not be read');
  }
  if (!assertion || assertion.localName !== 'Assertion' || assertion.namespaceURI !== ASSERTION)
    throw new SamlFailure('the signed element is not an assertion');
  const issuer = childrenNamed(assertion, ASSERTION, 'Issuer')[0]?.textContent?.trim();
  if (issuer !== input.idpEntityId) throw new SamlFailure('the assertion is not issued by the provider (Issuer)');
  const subject = childrenNamed(assertion, ASSERTION, 'Subject')[0];
  if (!subject) throw new SamlFailure('the assertion has no subject');
  const confirmations = childrenNamed(subject, ASSERTION, 'SubjectConfirmation')
    .filter((confirmation) => confirmation.getAttribute('Method') === 'urn:oasis:names:tc:SAML:2.0:cm:bearer')
    .flatMap((confirmation) => childrenNamed(confirmation, ASSERTION, 'SubjectConfirmationData'));
  const now = Date.now();
  const confirmation = confirmations.find(
    (data) => data.getAttribute('Recipient') === input.acsUrl && (timeOf(data.getAttribute('NotOnOrAfter')) ?? 0) > now - SAML_CLOCK_SKEW_MS,
  );
  if (!confirmation) throw new SamlFailure('no bearer subject confirmation names this ACS URL as its Recipient (or it expired)');
  const assertionId = assertion.getAttribute('ID');
  if (!assertionId) throw new SamlFailure('the assertion has no ID');
  const conditions = childrenNamed(assertion, ASSERTION, 'Conditions')[0];
  const notOnOrAfterMs = Math.max(timeOf(conditions?.getAttribute('NotOnOrAfter')) ?? 0, timeOf(confirmation.getAttribute('NotOnOrAfter')) ?? 0);
  const nameId = childrenNamed(subject, ASSERTION, 'NameID')[0];
  const email = nameId && nameId.getAttribute('Format') === EMAIL_FORMAT ? nameId.textContent?.trim() : attribute(assertion, EMAIL_ATTRIBUTES);
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new SamlFailure('the assertion names no e-mail address (NameID emailAddress, or an email attribute)');
  return { email: email.toLowerCase(), assertionId, notOnOrAfter: new Date(notOnOrAfterMs) };
};
