import type { NewSsoProvider, SsoConfiguration } from './sso-api';

/**
 * The Sign-in tab's rules (issue 42), pure: whether "Require single sign-on" can be turned on, and
 * the "Add provider" form's draft, its problems before a save, and the body it sends.
 */

/** What is missing before single sign-on can be required (the server refuses it too): null when nothing is. */
export const requirementMissing = (config: Pick<SsoConfiguration, 'providers' | 'domains'>): 'provider' | 'domain' | 'both' | null => {
  const provider = config.providers.length > 0;
  const domain = config.domains.some((d) => d.status === 'proven');
  if (provider && domain) return null;
  if (!provider && !domain) return 'both';
  return provider ? 'domain' : 'provider';
};

export type MetadataSource = 'xml' | 'url';

export interface ProviderDraft {
  kind: 'oidc' | 'saml';
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  metadataSource: MetadataSource;
  metadataXml: string;
  metadataUrl: string;
}

export const EMPTY_PROVIDER_DRAFT: ProviderDraft = {
  kind: 'oidc',
  name: '',
  issuer: '',
  clientId: '',
  clientSecret: '',
  metadataSource: 'xml',
  metadataXml: '',
  metadataUrl: '',
};

export const PROVIDER_FIELDS = ['name', 'issuer', 'clientId', 'clientSecret', 'metadataXml', 'metadataUrl'] as const;
export type ProviderField = (typeof PROVIDER_FIELDS)[number];

const isWebUrl = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** What is wrong with the draft before it is sent (the server has the last word), by field. */
export const providerDraftProblems = (draft: ProviderDraft): Partial<Record<ProviderField, string>> => {
  const problems: Partial<Record<ProviderField, string>> = {};
  if (draft.name.trim() === '') problems.name = 'Give the provider a name, like Okta.';
  if (draft.kind === 'oidc') {
    if (draft.issuer.trim() === '') problems.issuer = 'Enter the issuer URL.';
    else if (!isWebUrl(draft.issuer.trim())) problems.issuer = 'Enter the issuer as a URL, like https://your-company.okta.com.';
    if (draft.clientId.trim() === '') problems.clientId = 'Enter the client id.';
    if (draft.clientSecret === '') problems.clientSecret = 'Enter the client secret.';
  } else if (draft.metadataSource === 'xml') {
    if (draft.metadataXml.trim() === '') problems.metadataXml = 'Paste the metadata XML from your provider.';
    else if (!draft.metadataXml.includes('EntityDescriptor')) problems.metadataXml = 'This does not look like SAML metadata: it has no EntityDescriptor.';
  } else if (draft.metadataUrl.trim() === '') problems.metadataUrl = 'Enter the metadata URL.';
  else if (!isWebUrl(draft.metadataUrl.trim())) problems.metadataUrl = 'Enter the metadata URL, like https://idp.example.com/metadata.';
  return problems;
};

/** The body "Add provider" sends: only the chosen kind's fields, and for SAML only the chosen metadata source. */
export const newProviderBody = (draft: ProviderDraft): NewSsoProvider =>
  draft.kind === 'oidc'
    ? { kind: 'oidc', name: draft.name.trim(), issuer: draft.issuer.trim(), clientId: draft.clientId.trim(), clientSecret: draft.clientSecret }
    : draft.metadataSource === 'xml'
      ? { kind: 'saml', name: draft.name.trim(), metadataXml: draft.metadataXml.trim() }
      : { kind: 'saml', name: draft.name.trim(), metadataUrl: draft.metadataUrl.trim() };

/** A file name for our SAML metadata, from the provider's name. */
export const metadataFileName = (providerName: string) => {
  const slug = providerName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `video-interviews-sp-metadata${slug ? `-${slug}` : ''}.xml`;
};
