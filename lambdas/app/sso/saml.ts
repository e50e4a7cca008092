import { authnRequestUrl, SAML_CLOCK_SKEW_MS, SamlFailure, verifySamlResponse } from '../../adapters/saml';
import { rememberAssertion, samlRequestStore } from '../../data/saml';
import { getSsoProvider, type SsoProviderItem } from '../../data/sso';
import { epochSeconds } from '../../data/keys';
import { samlSetup } from '../../domain/sso';
import { appOrigin } from '../../platform/app-origin';
import { randomToken, sha256 } from '../../platform/crypto';
import { notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { count, metricNames } from '../../platform/metrics';
import { finishSsoSignIn, ssoFailureLocation } from './finish';

/** SAML 2.0 sign-in (issue 42): the AuthnRequest out, and the assertion consumer service's answer back. */

/** The largest form body the ACS reads (a signed response with a few certificates is a few KB). */
const MAX_SAML_FORM_BYTES = 256 * 1024;

/** The provider's sign-in URL with a new AuthnRequest of ours (its id kept 10 minutes, for this provider only). */
export const samlSignInUrl = async (provider: SsoProviderItem, origin: string, bindingHash: string): Promise<string> => {
  if (!provider.idpSsoUrl || !provider.certificates?.length)
    throw new Error(`SAML provider ${provider.providerId} has no sign-in URL or certificate`);
  const { entityId, acsUrl } = samlSetup(origin, provider.companyId, provider.providerId);
  return authnRequestUrl({
    entityId,
    acsUrl,
    idpSsoUrl: provider.idpSsoUrl,
    // An XML NCName: `_` first, then base64url.
    requestId: `_${randomToken(24)}`,
    certificates: provider.certificates,
    requests: samlRequestStore(provider.providerId, undefined, bindingHash),
  });
};

/** The SAMLResponse of an HTTP-POST binding's form body, or null. */
const samlResponseOf = (rawFormBody: string): string | null => {
  if (rawFormBody === '' || Buffer.byteLength(rawFormBody, 'utf8') > MAX_SAML_FORM_BYTES) return null;
  // Base64 has no spaces: one is a `+` a sender left unencoded in the form (form decoding made it a space).
  const value = new URLSearchParams(rawFormBody).get('SAMLResponse')?.trim().replace(/ /g, '+');
  return value ? value : null;
};

/**
 * The assertion consumer service: verifies the provider's response (signed assertion, audience,
 * recipient, time window, InResponseTo of ours), refuses an assertion seen before, then finishes the
 * sign-in as every single sign-on does. Answers where to send the browser: a ticket, or an error code
 * (and a warning in the log naming why; never the assertion itself).
 */
export const completeSamlSignIn = async (
  companyId: string,
  providerId: string,
  rawFormBody: string,
  binding: string | undefined,
  log: Logger,
): Promise<string> => {
  const refuse = (reason: string) => {
    log.warn('saml sign-in refused', { companyId, providerId, reason });
    count(metricNames.ssoSignInsFailed);
    return ssoFailureLocation('sso_failed');
  };
  // A consumer service that is no provider's (never made, or removed) is not there: a 404, as for any unknown id.
  const provider = await getSsoProvider(companyId, providerId);
  if (!provider || provider.kind !== 'saml' || !provider.idpEntityId || !provider.certificates?.length) {
    throw notFound('There is no such identity provider: it may have been removed.', 'provider_not_found');
  }
  const samlResponse = samlResponseOf(rawFormBody);
  if (!samlResponse) return refuse('no SAMLResponse in the form body (or the body is too large)');
  const { entityId, acsUrl } = samlSetup(await appOrigin(), companyId, providerId);
  let verified;
  try {
    verified = await verifySamlResponse({
      samlResponse,
      entityId,
      acsUrl,
      idpEntityId: provider.idpEntityId,
      certificates: provider.certificates,
      // Without the browser's binding cookie no request of ours is found: the answer is refused as unknown.
      requests: samlRequestStore(providerId, undefined, binding ? sha256(binding) : 'none'),
    });
  } catch (error) {
    if (error instanceof SamlFailure) return refuse(error.reason);
    throw error;
  }
  // Kept as long as the assertion could still be accepted (its NotOnOrAfter and the clock skew).
  const fresh = await rememberAssertion(providerId, verified.assertionId, epochSeconds(verified.notOnOrAfter) + Math.ceil(SAML_CLOCK_SKEW_MS / 1000));
  if (!fresh) return refuse('the assertion was used before (a replay)');
  return finishSsoSignIn({ companyId, providerId, email: verified.email }, log);
};
