import * as z from 'zod/mini';
import { companyIdParams } from '../contracts/account';
import { emailSchema } from '../contracts/common';
import {
  newSsoProviderSchema,
  ssoConfigurationSchema,
  ssoDomainRecordSchema,
  ssoDomainSchema,
  ssoProviderIdParams,
  ssoProviderSchema,
  ssoSettingsSchema,
  ssoTicketSchema,
} from '../contracts/sso';
import { defineOperation } from './operation';

/**
 * Single sign-on (issue 42). Company settings → Sign-in is the owner's (providers, domains, the
 * requirement, the recovery code); the sign-in routes are public: the app starts a sign-in for an
 * e-mail address, the identity provider comes back to a callback (OIDC) or the assertion consumer
 * service (SAML), which send the browser to the app with a one-time ticket the app exchanges for a session.
 */
const domainParams = z.extend(companyIdParams, { domain: ssoDomainSchema });
const sessionResponse = z.object({ sessionId: z.string(), userId: z.string() });
/** A browser sent on (303): to the app with a ticket or an error code. */
const redirectResponse = z.object({ location: z.string() });

export const getSsoConfiguration = defineOperation({
  method: 'GET',
  path: '/companies/{companyId}/sso',
  auth: 'owner',
  grants: ['table:read', 'app:links'],
  summary: "The company's single sign-on: its providers (with what to paste into each), its domains and whether each is proven, and the settings (owner only; one query).",
  params: companyIdParams,
  response: ssoConfigurationSchema,
});

export const createSsoProvider = defineOperation({
  method: 'POST',
  idempotent: true,
  path: '/companies/{companyId}/sso/providers',
  auth: 'owner',
  grants: ['table:write', 'app:links', 'sso:configure'],
  timeoutSeconds: 15,
  summary:
    "Adds an identity provider (owner only). OpenID Connect: the issuer's discovery document is read and must name the same issuer; the client secret goes to Secrets Manager. SAML 2.0: the metadata (XML or its URL) must name a sign-in URL and a signing certificate.",
  params: companyIdParams,
  body: newSsoProviderSchema,
  response: ssoProviderSchema,
  successStatus: 201,
});

export const deleteSsoProvider = defineOperation({
  method: 'DELETE',
  path: '/companies/{companyId}/sso/providers/{providerId}',
  auth: 'owner',
  grants: ['table:write', 'sso:configure'],
  summary:
    'Removes an identity provider (owner only): every session signed in through it ends, and its client secret is deleted. 409 provider_required for the only provider while single sign-on is required.',
  params: z.extend(companyIdParams, ssoProviderIdParams.shape),
  response: z.undefined(),
  successStatus: 204,
});

export const createSsoDomain = defineOperation({
  method: 'POST',
  path: '/companies/{companyId}/sso/domains',
  auth: 'owner',
  grants: ['table:write'],
  summary: 'Adds an e-mail domain to prove (owner only): the answer names the DNS TXT record to add. Adding it again answers the same record.',
  params: companyIdParams,
  body: z.object({ domain: ssoDomainSchema }),
  response: ssoDomainRecordSchema,
  successStatus: 201,
});

export const checkSsoDomain = defineOperation({
  method: 'POST',
  path: '/companies/{companyId}/sso/domains/{domain}/checks',
  auth: 'owner',
  grants: ['table:write', 'dns:resolve'],
  summary:
    "Looks up the domain's TXT record now (owner only): with the right value the domain is proven (a domain is proven for one company only); without it, a 400 saying what was found.",
  params: domainParams,
  response: ssoDomainRecordSchema,
});

export const deleteSsoDomain = defineOperation({
  method: 'DELETE',
  path: '/companies/{companyId}/sso/domains/{domain}',
  auth: 'owner',
  grants: ['table:write'],
  summary: 'Removes a domain (owner only): its members no longer need single sign-on, and no one joins from it.',
  params: domainParams,
  response: z.undefined(),
  successStatus: 204,
});

export const putSsoSettings = defineOperation({
  method: 'PUT',
  path: '/companies/{companyId}/sso/settings',
  auth: 'owner',
  grants: ['table:write'],
  summary:
    'Saves the single sign-on settings (owner only). Requiring single sign-on needs a provider and a proven domain; it ends the other sessions of the members at proven domains that did not come through single sign-on, and makes an owner recovery code when none exists (returned this once).',
  params: companyIdParams,
  body: ssoSettingsSchema,
  response: z.object({ settings: ssoSettingsSchema, recoveryCode: z.optional(z.string()) }),
});

export const createSsoRecoveryCode = defineOperation({
  method: 'POST',
  path: '/companies/{companyId}/sso/recovery-codes',
  auth: 'owner',
  grants: ['table:write'],
  summary: 'Makes a new owner recovery code (owner only), returned this once; the previous one stops working.',
  params: companyIdParams,
  response: z.object({ recoveryCode: z.string() }),
  successStatus: 201,
});

export const startSsoSignIn = defineOperation({
  method: 'POST',
  path: '/sso-sign-ins',
  auth: 'public',
  grants: ['table:write', 'app:links', 'sso:sign-in'],
  timeoutSeconds: 15,
  summary:
    "Starts a single sign-on for an e-mail address at a proven domain: answers the identity provider's URL to send the browser to (OIDC: authorization code with PKCE, state and nonce; SAML: an AuthnRequest). 404 sso_not_configured otherwise.",
  body: z.object({ email: emailSchema }),
  response: z.object({ redirectUrl: z.string() }),
  successStatus: 201,
});

export const completeOidcSignIn = defineOperation({
  method: 'GET',
  path: '/sso/oidc/callback',
  auth: 'public',
  grants: ['table:write', 'app:links', 'sso:sign-in'],
  timeoutSeconds: 15,
  summary:
    "The OpenID Connect redirect URL: checks the state, exchanges the code (with the PKCE verifier and the client secret) and verifies the ID token (signature by the issuer's JWKS, issuer, audience, nonce, expiry within a minute's skew), then sends the browser (303) to the app with a one-time ticket, or with an error code.",
  query: z.object({
    code: z.optional(z.string().check(z.maxLength(4096))),
    state: z.optional(z.string().check(z.maxLength(256))),
    error: z.optional(z.string().check(z.maxLength(256))),
    errorDescription: z.optional(z.string().check(z.maxLength(2048))),
  }),
  response: redirectResponse,
  successStatus: 303,
});

export const completeSamlSignIn = defineOperation({
  method: 'POST',
  path: '/sso/saml/{companyId}/{providerId}/acs',
  auth: 'public',
  grants: ['table:write', 'app:links'],
  timeoutSeconds: 15,
  summary:
    "The SAML assertion consumer service (HTTP-POST binding, a form's SAMLResponse): the assertion must be signed by the provider's certificate, for this audience and recipient, in answer to a request of ours (InResponseTo), unexpired, and never seen before; then the browser is sent (303) to the app with a one-time ticket, or with an error code. 404 provider_not_found for a consumer service that is no SAML provider's.",
  params: z.extend(companyIdParams, ssoProviderIdParams.shape),
  response: redirectResponse,
  successStatus: 303,
});

export const createSsoSession = defineOperation({
  method: 'POST',
  path: '/sso-sessions',
  auth: 'public',
  grants: ['table:write'],
  summary: 'Exchanges the one-time ticket of a single sign-on (valid for 2 minutes) for a session id.',
  body: z.object({ ticket: ssoTicketSchema }),
  response: sessionResponse,
  successStatus: 201,
});

export const createRecoverySession = defineOperation({
  method: 'POST',
  path: '/recovery-sessions',
  auth: 'public',
  grants: ['table:write'],
  summary:
    "An owner's sign-in with the company's recovery code when single sign-on is required (a broken provider must not lock the company out); written to the audit log. Rate-limited per address (429).",
  body: z.object({
    email: emailSchema,
    recoveryCode: z.string().check(z.trim(), z.toUpperCase(), z.minLength(1, 'Enter the recovery code.'), z.maxLength(64, 'That is not a recovery code.')),
  }),
  response: sessionResponse,
  successStatus: 201,
});
