import { discover, OidcFailure, ssoUrlRefusal } from '../../adapters/oidc';
import { resolveTxt } from '../../adapters/dns';
import { createSsoClientSecret, deleteSsoClientSecret } from '../../adapters/secrets';
import { parseIdpMetadata } from '../../adapters/saml';
import {
  MAX_SSO_DOMAINS,
  MAX_SSO_PROVIDERS,
  type NewSsoProvider,
  type SsoConfiguration,
  type SsoDomainRecord,
  type SsoProvider,
  type SsoSettings,
} from '../../contracts/sso';
import {
  addSsoDomain,
  deleteSsoDomainItems,
  deleteSsoProviderItem,
  DomainClaimedElsewhere,
  getSsoConfiguration,
  getSsoDomain,
  getSsoSettings,
  newSsoProviderId,
  proveSsoDomain,
  putSsoProvider,
  putSsoSettings,
  setRecoveryCodeHash,
  type SsoDomainItem,
  type SsoProviderItem,
} from '../../data/sso';
import { endIndexedSessions } from '../../data/sessions';
import { listMembers } from '../../data/members';
import { domainTxtRecord, emailDomain, newRecoveryCode, normalizeRecoveryCode, oidcRedirectUrl, samlMetadataXml, samlSetup, txtFinding, txtProves } from '../../domain/sso';
import { appOrigin } from '../../platform/app-origin';
import { sha256 } from '../../platform/crypto';
import { badRequest, conflict, notFound } from '../../platform/errors';

import type { Logger } from '../../platform/logger';
import { recordAudit } from '../audit/record';

/** Company settings → Sign-in (issue 42): the owner's providers, domains, settings and recovery code. */

const providerView = (provider: SsoProviderItem, origin: string): SsoProvider => {
  const base = { providerId: provider.providerId, kind: provider.kind, name: provider.name, createdAt: provider.createdAt };
  if (provider.kind === 'oidc') return { ...base, issuer: provider.issuer, clientId: provider.clientId, setup: { redirectUrl: oidcRedirectUrl(origin) } };
  const setup = samlSetup(origin, provider.companyId, provider.providerId);
  return {
    ...base,
    idpEntityId: provider.idpEntityId,
    idpSsoUrl: provider.idpSsoUrl,
    certificateCount: provider.certificates?.length ?? 0,
    setup: { ...setup, metadataXml: samlMetadataXml(setup) },
  };
};

const domainView = (domain: SsoDomainItem): SsoDomainRecord => ({
  domain: domain.domain,
  status: domain.provenAt ? 'proven' : 'pending',
  ...domainTxtRecord(domain.domain, domain.token),
  createdAt: domain.createdAt,
  ...(domain.provenAt ? { provenAt: domain.provenAt } : {}),
});

/** The SAML provider's metadata, as pasted or from its URL (fetched once, from a public https address). */
const loadIdpMetadata = async (input: { metadataXml?: string; metadataUrl?: string }) => {
  if (input.metadataXml?.trim()) return parseIdpMetadata(input.metadataXml);
  if (!input.metadataUrl) throw badRequest([{ loc: ['body', 'metadata_xml'], type: 'invalid', msg: "Paste the identity provider's metadata XML, or give its URL." }], 'validation_error');
  const refusal = await ssoUrlRefusal(input.metadataUrl);
  if (refusal) throw badRequest([{ loc: ['body', 'metadata_url'], type: 'invalid', msg: `That URL cannot be reached: ${refusal}` }], 'validation_error');
  let xml: string;
  try {
    const response = await fetch(input.metadataUrl, { redirect: 'manual', signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`it answered ${response.status}`);
    xml = await response.text();
  } catch (error) {
    throw badRequest([{ loc: ['body', 'metadata_url'], type: 'invalid', msg: `The metadata could not be read from that URL (${(error as Error).message}).` }], 'validation_error');
  }
  return parseIdpMetadata(xml);
};

export const ssoConfiguration = async (companyId: string): Promise<SsoConfiguration> => {
  const [{ providers, domains, settings }, origin] = await Promise.all([getSsoConfiguration(companyId), appOrigin()]);
  return {
    providers: providers.map((provider) => providerView(provider, origin)),
    domains: domains.map(domainView),
    settings: { requireSso: settings.requireSso, joinMode: settings.joinMode },
    hasRecoveryCode: settings.recoveryCodeHash !== undefined,
  };
};

/**
 * Adds a provider. OIDC: the discovery document must answer and name the same issuer, and the client
 * secret goes to Secrets Manager before the provider is stored. SAML: the metadata must name the
 * identity provider, its sign-in URL and a signing certificate.
 */
export const addSsoProvider = async (companyId: string, input: NewSsoProvider, actor: { userId: string }, log: Logger): Promise<SsoProvider> => {
  const [{ providers }, origin] = await Promise.all([getSsoConfiguration(companyId), appOrigin()]);
  if (providers.length >= MAX_SSO_PROVIDERS) throw conflict(`A company has at most ${MAX_SSO_PROVIDERS} identity providers. Remove one first.`, 'too_many_providers');
  const providerId = newSsoProviderId();
  const base = { companyId, providerId, name: input.name, createdAt: new Date().toISOString() };
  let provider: SsoProviderItem;
  if (input.kind === 'oidc') {
    const { issuer } = input;
    const refusal = await ssoUrlRefusal(issuer);
    if (refusal) throw badRequest([{ loc: ['body', 'issuer'], type: 'invalid', msg: `That issuer cannot be reached: ${refusal}` }], 'validation_error');
    try {
      await discover(issuer);
    } catch (error) {
      if (!(error instanceof OidcFailure)) throw error;
      throw badRequest([{ loc: ['body', 'issuer'], type: 'invalid', msg: error.message }], 'validation_error');
    }
    const clientSecretId = await createSsoClientSecret(companyId, providerId, input.clientSecret);
    provider = { ...base, kind: 'oidc', issuer, clientId: input.clientId, clientSecretId };
  } else {
    const metadata = await loadIdpMetadata(input);
    provider = { ...base, kind: 'saml', idpEntityId: metadata.entityId, idpSsoUrl: metadata.ssoUrl, certificates: metadata.certificates };
  }
  await putSsoProvider(provider);
  log.info('sso provider added', { companyId, providerId, kind: provider.kind });
  await recordAudit({ companyId, action: 'settings_changed', actor, detail: `Single sign-on provider added: ${provider.kind === 'oidc' ? 'OpenID Connect' : 'SAML'}` });
  return providerView(provider, origin);
};

/**
 * Removes a provider: the sessions that came through it end, and its client secret is deleted. The
 * last one cannot go while single sign-on is required: the members at the proven domains would have no
 * way in at all (the owner's recovery code is for a broken provider, not for none).
 */
export const removeSsoProvider = async (companyId: string, providerId: string, actor: { userId: string }, log: Logger): Promise<undefined> => {
  const { providers, settings } = await getSsoConfiguration(companyId);
  if (settings.requireSso && providers.length === 1 && providers[0]!.providerId === providerId) {
    throw conflict('This is the only identity provider, and single sign-on is required: turn off “Require single sign-on” first, or add another provider.', 'provider_required');
  }
  const provider = await deleteSsoProviderItem(companyId, providerId);
  if (!provider) throw notFound('There is no such identity provider.', 'provider_not_found');
  const ended = await endIndexedSessions({ name: 'GSI2', partition: `SSOPROVIDER#${providerId}#SESSIONS` });
  if (provider.clientSecretId) await deleteSsoClientSecret(provider.clientSecretId);
  log.info('sso provider removed', { companyId, providerId, sessionsEnded: ended });
  await recordAudit({ companyId, action: 'settings_changed', actor, detail: 'Single sign-on provider removed' });
  return undefined;
};

export const addDomain = async (companyId: string, domain: string): Promise<SsoDomainRecord> => {
  const { domains } = await getSsoConfiguration(companyId);
  const existing = domains.find((item) => item.domain === domain);
  if (existing) return domainView(existing);
  if (domains.length >= MAX_SSO_DOMAINS) throw conflict(`A company has at most ${MAX_SSO_DOMAINS} domains. Remove one first.`, 'too_many_domains');
  return domainView(await addSsoDomain(companyId, domain));
};

/** Looks the domain's TXT record up now: proven with the right value (for this company only), else a 400 saying what was found. */
/**
 * Ends the sessions of the company's members at `domains` that did not come through single sign-on
 * (nor the recovery code), but the caller's own. Answers how many ended.
 */
const endCodeSessionsAt = async (companyId: string, domains: ReadonlySet<string>, callerSessionHash: string): Promise<number> => {
  const { members } = await listMembers(companyId);
  let ended = 0;
  for (const member of members.filter((m) => domains.has(emailDomain(m.email)))) {
    ended += await endIndexedSessions(
      { name: 'GSI1', partition: `USER#${member.userId}#SESSIONS` },
      (session) => session.sessionHash === callerSessionHash || session.method === 'sso' || session.method === 'recovery',
    );
  }
  return ended;
};

/**
 * Looks the domain's TXT record up now: proven with the right value (for this company only), else a
 * 400 saying what was found. A domain proven while single sign-on is required binds its members at
 * once: their code sessions end, as when the requirement was turned on.
 */
export const checkDomain = async (
  companyId: string,
  domain: string,
  caller: { userId: string; sessionHash: string },
  log: Logger,
): Promise<SsoDomainRecord> => {
  const actor = { userId: caller.userId };
  const item = await getSsoDomain(companyId, domain);
  if (!item) throw notFound(`${domain} is not among the company's domains. Add it first.`, 'domain_not_found');
  const { txtName, txtValue } = domainTxtRecord(domain, item.token);
  let records: string[];
  try {
    records = await resolveTxt(txtName);
  } catch (error) {
    throw badRequest(`The DNS look-up of ${txtName} failed (${(error as Error).message}). Try again in a minute.`, 'dns_failed');
  }
  if (!txtProves(records, txtValue)) throw badRequest(txtFinding(txtName, records), 'domain_unproven');
  try {
    const provenAt = await proveSsoDomain(companyId, domain);
    await recordAudit({ companyId, action: 'settings_changed', actor, detail: 'Single sign-on domain proven' });
    if (!item.provenAt && (await getSsoSettings(companyId)).requireSso) {
      const ended = await endCodeSessionsAt(companyId, new Set([domain]), caller.sessionHash);
      log.info('domain proven while single sign-on is required', { companyId, sessionsEnded: ended });
    }
    return domainView({ ...item, provenAt });
  } catch (error) {
    if (error instanceof DomainClaimedElsewhere) throw conflict(`${domain} is proven by another company already.`, 'domain_taken');
    throw error;
  }
};

export const removeDomain = async (companyId: string, domain: string): Promise<undefined> => {
  if (!(await deleteSsoDomainItems(companyId, domain))) throw notFound(`${domain} is not among the company's domains.`, 'domain_not_found');
  return undefined;
};

/**
 * Saves the settings. Requiring single sign-on needs a provider and a proven domain; turning it on
 * ends the sessions of the members at proven domains that did not come through single sign-on (the
 * caller's own session stays), and makes an owner recovery code when there is none (answered once).
 */
export const saveSsoSettings = async (
  companyId: string,
  settings: SsoSettings,
  caller: { userId: string; sessionHash: string },
  log: Logger,
): Promise<{ settings: SsoSettings; recoveryCode?: string }> => {
  const current = await getSsoConfiguration(companyId);
  const proven = new Set(current.domains.filter((domain) => domain.provenAt).map((domain) => domain.domain));
  if (settings.requireSso && (current.providers.length === 0 || proven.size === 0)) {
    throw badRequest(
      [{ loc: ['body', 'require_sso'], type: 'invalid', msg: 'Add an identity provider and prove a domain before requiring single sign-on.' }],
      'validation_error',
    );
  }
  const recoveryCode = settings.requireSso && !current.settings.recoveryCodeHash ? newRecoveryCode() : undefined;
  await putSsoSettings(companyId, settings, recoveryCode ? sha256(normalizeRecoveryCode(recoveryCode)) : undefined);
  if (settings.requireSso && !current.settings.requireSso) {
    const ended = await endCodeSessionsAt(companyId, proven, caller.sessionHash);
    log.info('single sign-on required', { companyId, sessionsEnded: ended });
  }
  if (settings.requireSso !== current.settings.requireSso || settings.joinMode !== current.settings.joinMode) {
    await recordAudit({
      companyId,
      action: 'settings_changed',
      actor: { userId: caller.userId },
      detail: `Single sign-on ${settings.requireSso ? 'required' : 'not required'}; new people ${settings.joinMode === 'join_as_member' ? 'join as members' : 'join by invitation only'}`,
    });
  }
  return { settings, ...(recoveryCode ? { recoveryCode } : {}) };
};

/** A new owner recovery code, answered once; the previous one stops working. */
export const makeRecoveryCode = async (companyId: string, actor: { userId: string }): Promise<string> => {
  const recoveryCode = newRecoveryCode();
  await setRecoveryCodeHash(companyId, sha256(normalizeRecoveryCode(recoveryCode)));
  await recordAudit({ companyId, action: 'settings_changed', actor, detail: 'Single sign-on recovery code made' });
  return recoveryCode;
};
