import { describe, expect, it } from 'vitest';
import { RECOVERY_CODE_PATTERN, ssoDomainSchema, SSO_TXT_LABEL, SSO_TXT_VALUE_PREFIX } from '../../lambdas/contracts/sso';
import {
  appSsoLocation,
  domainTxtRecord,
  emailDomain,
  newRecoveryCode,
  normalizeRecoveryCode,
  pkceChallenge,
  samlMetadataXml,
  samlSetup,
  ssoRequiredFor,
  txtFinding,
  txtProves,
} from '../../lambdas/domain/sso';

describe('single sign-on rules (issue 42)', () => {
  it('takes the domain of an address after its last @, in lower case', () => {
    expect(emailDomain('Ann.Lee@Example.COM')).toBe('example.com');
    expect(emailDomain('"odd@name"@corp.example')).toBe('corp.example');
  });

  it('accepts domains as typed and refuses URLs, paths and single labels', () => {
    expect(ssoDomainSchema.parse('  Example.COM ')).toBe('example.com');
    expect(ssoDomainSchema.parse('eu.corp.example.co.uk')).toBe('eu.corp.example.co.uk');
    for (const bad of ['https://example.com', 'example.com/path', 'localhost', '-bad.example', 'a..example', '']) {
      expect(ssoDomainSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('names the TXT record under the label and proves only the exact value', () => {
    const record = domainTxtRecord('example.com', 'tok123');
    expect(record).toEqual({ txtName: `${SSO_TXT_LABEL}.example.com`, txtValue: `${SSO_TXT_VALUE_PREFIX}tok123` });
    expect(txtProves(['v=spf1 -all', ` ${record.txtValue} `], record.txtValue)).toBe(true);
    expect(txtProves([`${record.txtValue}x`, 'tok123'], record.txtValue)).toBe(false);
    expect(txtProves([], record.txtValue)).toBe(false);
  });

  it('says what a failed check found', () => {
    expect(txtFinding('_x.example.com', [])).toMatch(/No TXT record was found at _x\.example\.com/);
    expect(txtFinding('_x.example.com', ['one', 'two'])).toMatch(/found: "one", "two"/);
  });

  it('computes the PKCE S256 challenge of RFC 7636 appendix B', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes recovery codes of the documented shape, compared without case or dashes', () => {
    const codes = new Set(Array.from({ length: 50 }, newRecoveryCode));
    expect(codes.size).toBe(50);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    const code = [...codes][0]!;
    expect(normalizeRecoveryCode(code.toLowerCase().replace(/-/g, ' '))).toBe(normalizeRecoveryCode(code));
  });

  it('requires single sign-on only for the company that proved the domain and asks for it', () => {
    expect(ssoRequiredFor({ requireSso: true }, 'c1', 'c1')).toBe(true);
    expect(ssoRequiredFor({ requireSso: true }, 'c2', 'c1')).toBe(false);
    expect(ssoRequiredFor({ requireSso: false }, 'c1', 'c1')).toBe(false);
    expect(ssoRequiredFor(null, 'c1', 'c1')).toBe(false);
    expect(ssoRequiredFor({ requireSso: true }, null, 'c1')).toBe(false);
  });

  it('gives each SAML provider its own entity id and consumer URL, in its metadata', () => {
    const setup = samlSetup('https://app.example.com', 'comp', 'prov');
    expect(setup).toEqual({
      entityId: 'https://app.example.com/api/v1/sso/saml/comp/prov',
      acsUrl: 'https://app.example.com/api/v1/sso/saml/comp/prov/acs',
    });
    const xml = samlMetadataXml(setup);
    expect(xml).toContain(`entityID="${setup.entityId}"`);
    expect(xml).toContain(`Location="${setup.acsUrl}"`);
    expect(xml).toContain('WantAssertionsSigned="true"');
  });

  it('sends the browser to the app with the ticket or the error in the fragment', () => {
    expect(appSsoLocation('https://app.example.com', { ticket: 'abc' })).toBe('https://app.example.com/#/sso?ticket=abc');
    expect(appSsoLocation('https://app.example.com', { error: 'sso_expired' })).toBe('https://app.example.com/#/sso?error=sso_expired');
  });
});
