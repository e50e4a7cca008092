import * as z from 'zod/mini';
import { idSchema, singleLineText, trimmedLine } from './common';

/**
 * Single sign-on for the team (issue 42): a company's owner adds an OpenID Connect or SAML 2.0
 * identity provider, proves the company's e-mail domains by a DNS TXT record, and may require single
 * sign-on for the members at those domains (their e-mailed codes stop working; an owner recovery code
 * keeps a broken provider from locking the company out). Candidates are not concerned.
 */
export const SSO_PROVIDER_KINDS = ['oidc', 'saml'] as const;
export type SsoProviderKind = (typeof SSO_PROVIDER_KINDS)[number];

/** Who may join on a first sign-in from a proven domain: only people with a member invitation, or anyone (as a member). */
export const SSO_JOIN_MODES = ['invitation_only', 'join_as_member'] as const;
export type SsoJoinMode = (typeof SSO_JOIN_MODES)[number];

/** A company has at most this many providers and this many domains. */
export const MAX_SSO_PROVIDERS = 5;
export const MAX_SSO_DOMAINS = 20;

/** The TXT record that proves a domain: `<SSO_TXT_LABEL>.<domain>` holding `<SSO_TXT_VALUE_PREFIX><token>`. */
export const SSO_TXT_LABEL = '_video-interviews-challenge';
export const SSO_TXT_VALUE_PREFIX = 'video-interviews-domain-verification=';

/** An owner recovery code: `VIR-` and 4 groups of 5 letters or digits (typed or pasted; case and dashes ignored). */
export const RECOVERY_CODE_PATTERN = /^VIR(-[A-Z0-9]{5}){4}$/;

export const ssoProviderIdParams = z.object({ providerId: idSchema });

/** A domain name as typed: trimmed, lower-cased, at least two labels, no scheme or path. */
export const ssoDomainSchema = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, 'Enter a domain, like example.com.'),
    z.maxLength(253, 'A domain has at most 253 characters.'),
    z.regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/, 'Enter a domain, like example.com (no https:// and no path).'),
  );

const httpsUrl = (what: string) =>
  z.string().check(z.trim(), z.maxLength(2000, `The ${what} has at most 2000 characters.`), z.refine((text) => URL.canParse(text), `The ${what} is not a URL.`));

export const newOidcProviderSchema = z.object({
  kind: z.literal('oidc'),
  name: trimmedLine(80, 'Give the provider a name, like Okta.', 'Use at most 80 characters.'),
  /** The issuer URL; its `/.well-known/openid-configuration` is read when the provider is added. */
  issuer: httpsUrl('issuer URL'),
  clientId: singleLineText(z.trim(), z.minLength(1, 'Enter the client id.'), z.maxLength(256, 'The client id has at most 256 characters.')),
  /** Kept in Secrets Manager, never returned. */
  clientSecret: singleLineText(z.minLength(1, 'Enter the client secret.'), z.maxLength(1024, 'The client secret has at most 1024 characters.')),
});

export const newSamlProviderSchema = z.object({
  kind: z.literal('saml'),
  name: trimmedLine(80, 'Give the provider a name, like Okta.', 'Use at most 80 characters.'),
  /** The identity provider's metadata XML (EntityDescriptor with an IDPSSODescriptor); or `metadataUrl`. */
  metadataXml: z.optional(z.string().check(z.maxLength(200_000, 'The metadata has at most 200,000 characters.'))),
  metadataUrl: z.optional(httpsUrl('metadata URL')),
});

export const newSsoProviderSchema = z.discriminatedUnion('kind', [newOidcProviderSchema, newSamlProviderSchema]);
export type NewSsoProvider = z.infer<typeof newSsoProviderSchema>;

export const ssoProviderSchema = z.object({
  providerId: z.string(),
  kind: z.enum(SSO_PROVIDER_KINDS),
  name: z.string(),
  createdAt: z.string(),
  /** OIDC: the issuer and client id (the secret is never shown). */
  issuer: z.optional(z.string()),
  clientId: z.optional(z.string()),
  /** SAML: the identity provider's entity id and sign-in URL, and how many signing certificates it has. */
  idpEntityId: z.optional(z.string()),
  idpSsoUrl: z.optional(z.string()),
  certificateCount: z.optional(z.number()),
  /**
   * What to paste into the identity provider. OIDC: the redirect URL. SAML: the product's entity id,
   * its assertion consumer service URL and its metadata XML.
   */
  setup: z.object({
    redirectUrl: z.optional(z.string()),
    entityId: z.optional(z.string()),
    acsUrl: z.optional(z.string()),
    metadataXml: z.optional(z.string()),
  }),
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

export const ssoDomainStatusSchema = z.enum(['pending', 'proven']);

export const ssoDomainRecordSchema = z.object({
  domain: z.string(),
  status: ssoDomainStatusSchema,
  /** The TXT record to add: its name and value. */
  txtName: z.string(),
  txtValue: z.string(),
  createdAt: z.string(),
  provenAt: z.optional(z.string()),
});
export type SsoDomainRecord = z.infer<typeof ssoDomainRecordSchema>;

export const ssoSettingsSchema = z.object({
  /** Members whose e-mail is at a proven domain sign in only through the company's provider. */
  requireSso: z.boolean(),
  joinMode: z.enum(SSO_JOIN_MODES),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

export const DEFAULT_SSO_SETTINGS: SsoSettings = { requireSso: false, joinMode: 'invitation_only' };

export const ssoConfigurationSchema = z.object({
  providers: z.array(ssoProviderSchema),
  domains: z.array(ssoDomainRecordSchema),
  settings: ssoSettingsSchema,
  /** Whether an owner recovery code exists (its value is shown once, when made). */
  hasRecoveryCode: z.boolean(),
});
export type SsoConfiguration = z.infer<typeof ssoConfigurationSchema>;

/** Why a single sign-on came back to the app without a session (`#/sso?error=<code>`); the SPA says each in words. */
export const SSO_ERROR_CODES = [
  'sso_failed',
  'sso_expired',
  'sso_not_member',
  'sso_domain_unproven',
  'sso_provider_error',
] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];

export const SSO_ERROR_MESSAGES: Record<SsoErrorCode, string> = {
  sso_failed: 'Single sign-on did not work: the answer from your identity provider could not be verified. Try again, or ask your administrator.',
  sso_expired: 'That sign-in took too long or was already used. Start again.',
  sso_not_member: 'Your company lets people join only by invitation. Ask an owner to invite you.',
  sso_domain_unproven: 'Your e-mail address is not at a domain this company has proven. Ask an owner.',
  sso_provider_error: 'Your identity provider did not sign you in. Try again, or ask your administrator.',
};

/** The one-time ticket the app exchanges for a session after a single sign-on (in the URL's fragment, never sent to a server but ours). */
export const ssoTicketSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not a valid sign-in ticket.'));
