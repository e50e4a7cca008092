import { createHash, randomInt } from 'node:crypto';
import { href, paths } from '../contracts/app-paths';
import { escapeHtml } from './emails/layout';
import { API_PREFIX } from '../operations/path';
import { SSO_TXT_LABEL, SSO_TXT_VALUE_PREFIX, type SsoErrorCode } from '../contracts/sso';

/** Single sign-on's pure rules (issue 42): what the product tells a provider, domains, PKCE, recovery codes. */

/** The part of an address after its last `@`, lower case. */
export const emailDomain = (email: string): string => email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();

/** The TXT record that proves a domain, for the token made when the domain was added. */
export const domainTxtRecord = (domain: string, token: string) => ({ txtName: `${SSO_TXT_LABEL}.${domain}`, txtValue: `${SSO_TXT_VALUE_PREFIX}${token}` });

/** Whether a TXT look-up's records hold the proof (each record's strings already joined; surrounding space ignored). */
export const txtProves = (records: readonly string[], expected: string): boolean => records.some((record) => record.trim() === expected);

/** What a failed check says it found, in a sentence for the owner. */
export const txtFinding = (txtName: string, records: readonly string[]): string =>
  records.length === 0
    ? `No TXT record was found at ${txtName}. DNS changes can take a while to appear; check again later.`
    : `The TXT records at ${txtName} do not hold the value shown (found: ${records
        .slice(0, 3)
        .map((record) => `"${record.slice(0, 80)}"`)
        .join(', ')}${records.length > 3 ? ', …' : ''}).`;

/** The OIDC redirect URL of this deployment: the same for every company and provider. */
export const oidcRedirectUrl = (origin: string): string => `${origin}${API_PREFIX}/sso/oidc/callback`;

/** The product's SAML service-provider identity for one provider of one company. */
export const samlSetup = (origin: string, companyId: string, providerId: string) => {
  const entityId = `${origin}${API_PREFIX}/sso/saml/${companyId}/${providerId}`;
  return { entityId, acsUrl: `${entityId}/acs` };
};

/** The service provider's SAML metadata to paste or upload into the identity provider (signed assertions wanted, HTTP-POST consumer). */
export const samlMetadataXml = ({ entityId, acsUrl }: { entityId: string; acsUrl: string }): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${escapeHtml(entityId)}">`,
    '  <md:SPSSODescriptor AuthnRequestsSigned="false" WantAssertionsSigned="true" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">',
    '    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>',
    `    <md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${escapeHtml(acsUrl)}" index="0" isDefault="true"/>`,
    '  </md:SPSSODescriptor>',
    '</md:EntityDescriptor>',
  ].join('\n');

/**
 * The cookie that ties a single sign-on to the browser that started it (login CSRF): set when the
 * app starts the sign-in, its hash kept with the OIDC state or the SAML request, and required back at
 * the callback or the consumer service. SameSite=None: a SAML provider's form posts from its own site.
 */
export const SSO_BINDING_COOKIE = 'vi_sso';
const bindingCookiePath = `${API_PREFIX}/sso`;
export const ssoBindingCookie = (binding: string): string =>
  `${SSO_BINDING_COOKIE}=${binding}; Path=${bindingCookiePath}; Max-Age=600; HttpOnly; Secure; SameSite=None`;
/** The same cookie, spent: sent with the answer that used it. */
export const spentSsoBindingCookie = `${SSO_BINDING_COOKIE}=; Path=${bindingCookiePath}; Max-Age=0; HttpOnly; Secure; SameSite=None`;

/** The PKCE S256 challenge of a verifier (RFC 7636). */
export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

/** Where the app's `#/sso` screen takes over: with the ticket, or with an error code. */
export const appSsoLocation = (appOrigin: string, outcome: { ticket: string } | { error: SsoErrorCode }): string =>
  `${appOrigin}/${href(paths.sso.to('ticket' in outcome ? { ticket: outcome.ticket } : { error: outcome.error }))}`;

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new owner recovery code: `VIR-XXXXX-XXXXX-XXXXX-XXXXX` (100 bits from an alphabet without look-alikes). */
export const newRecoveryCode = (): string =>
  `VIR-${Array.from({ length: 4 }, () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('')).join('-')}`;

/** A recovery code as typed, compared by its letters and digits only (case, spaces and dashes ignored). */
export const normalizeRecoveryCode = (typed: string): string => typed.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * Whether a member must sign in through single sign-on: their address is at a domain the company
 * proved and the company requires it. A recovery code is the owners' way past it.
 */
export const ssoRequiredFor = (settings: { requireSso: boolean } | null, claimedBy: string | null, companyId: string): boolean =>
  settings?.requireSso === true && claimedBy === companyId;
