import { describe, expect, it } from 'vitest';
import { EMPTY_PROVIDER_DRAFT, metadataFileName, newProviderBody, providerDraftProblems, requirementMissing } from './sso';

const domain = (status: 'pending' | 'proven') => ({ domain: 'example.com', status, txtName: 'n', txtValue: 'v', createdAt: '2026-01-01T00:00:00Z' });
const provider = { providerId: 'p1', kind: 'oidc' as const, name: 'Okta', createdAt: '2026-01-01T00:00:00Z', setup: {} };

describe('requiring single sign-on', () => {
  it('needs a provider and a proven domain, and says which is missing', () => {
    expect(requirementMissing({ providers: [], domains: [] })).toBe('both');
    expect(requirementMissing({ providers: [provider], domains: [] })).toBe('domain');
    expect(requirementMissing({ providers: [provider], domains: [domain('pending')] })).toBe('domain');
    expect(requirementMissing({ providers: [], domains: [domain('proven')] })).toBe('provider');
    expect(requirementMissing({ providers: [provider], domains: [domain('pending'), domain('proven')] })).toBeNull();
  });
});

describe('the "Add provider" form', () => {
  it('asks an OpenID Connect provider for a name, an issuer URL, a client id and a secret', () => {
    expect(Object.keys(providerDraftProblems(EMPTY_PROVIDER_DRAFT)).sort()).toEqual(['clientId', 'clientSecret', 'issuer', 'name']);
    expect(providerDraftProblems({ ...EMPTY_PROVIDER_DRAFT, name: 'Okta', issuer: 'okta.com', clientId: 'c', clientSecret: 's' })).toEqual({
      issuer: expect.stringContaining('URL'),
    });
    expect(providerDraftProblems({ ...EMPTY_PROVIDER_DRAFT, name: 'Okta', issuer: 'https://okta.example', clientId: 'c', clientSecret: 's' })).toEqual({});
  });

  it('asks a SAML provider only for the metadata source it chose', () => {
    const saml = { ...EMPTY_PROVIDER_DRAFT, kind: 'saml' as const, name: 'Entra' };
    expect(providerDraftProblems(saml)).toEqual({ metadataXml: expect.any(String) });
    expect(providerDraftProblems({ ...saml, metadataXml: '<html></html>' })).toEqual({ metadataXml: expect.stringContaining('EntityDescriptor') });
    expect(providerDraftProblems({ ...saml, metadataXml: '<md:EntityDescriptor/>' })).toEqual({});
    expect(providerDraftProblems({ ...saml, metadataSource: 'url', metadataXml: '' })).toEqual({ metadataUrl: expect.any(String) });
    expect(providerDraftProblems({ ...saml, metadataSource: 'url', metadataUrl: 'https://idp.example/metadata' })).toEqual({});
  });

  it('sends only the chosen kind’s fields, trimmed (the secret as typed)', () => {
    const filled = {
      ...EMPTY_PROVIDER_DRAFT,
      name: ' Okta ',
      issuer: ' https://okta.example ',
      clientId: ' abc ',
      clientSecret: ' s3cret ',
      metadataXml: '<EntityDescriptor/>',
      metadataUrl: 'https://x.example',
    };
    expect(newProviderBody(filled)).toEqual({ kind: 'oidc', name: 'Okta', issuer: 'https://okta.example', clientId: 'abc', clientSecret: ' s3cret ' });
    expect(newProviderBody({ ...filled, kind: 'saml' })).toEqual({ kind: 'saml', name: 'Okta', metadataXml: '<EntityDescriptor/>' });
    expect(newProviderBody({ ...filled, kind: 'saml', metadataSource: 'url' })).toEqual({ kind: 'saml', name: 'Okta', metadataUrl: 'https://x.example' });
  });

  it('names the metadata download after the provider', () => {
    expect(metadataFileName('Okta (EU)')).toBe('video-interviews-sp-metadata-okta-eu.xml');
    expect(metadataFileName('***')).toBe('video-interviews-sp-metadata.xml');
  });
});
