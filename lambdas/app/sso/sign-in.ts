import { authorizationUrl, discover, exchangeCode, OidcFailure, verifyIdToken } from '../../adapters/oidc';
import { secretByName } from '../../adapters/secrets';
import { getSsoConfiguration, getSsoProvider, putOidcLogin, redeemSsoTicket, ssoDomainClaimant, takeOidcLogin } from '../../data/sso';
import { emailDomain, oidcRedirectUrl, pkceChallenge } from '../../domain/sso';
import { appOrigin } from '../../platform/app-origin';
import { randomToken, sameHash, sha256 } from '../../platform/crypto';
import { badRequest, HttpError, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { count, metricNames } from '../../platform/metrics';
import { samlSignInUrl } from './saml';
import { finishSsoSignIn, ssoFailureLocation } from './finish';


/** Single sign-on's sign-in (issue 42): starting one for an address, OIDC's callback, and the ticket's exchange. */

/**
 * Where to send the browser to sign in `email` through its company's provider (the first one added,
 * when there are several). 404 when the address's domain is proven by no company or the company has
 * no provider: the app then offers the e-mailed code. Answers the URL and the binding the browser keeps
 * in a cookie (domain/sso.ts ssoBindingCookie), without which the answer is not taken.
 */
export const startSsoSignIn = async (email: string, log: Logger): Promise<{ redirectUrl: string; binding: string }> => {
  const domain = emailDomain(email);
  const companyId = await ssoDomainClaimant(domain);
  const provider = companyId ? (await getSsoConfiguration(companyId)).providers[0] : undefined;
  if (!companyId || !provider) {
    throw notFound(`Single sign-on is not set up for ${domain}. Sign in with a code sent by e-mail instead.`, 'sso_not_configured');
  }
  const origin = await appOrigin();
  const binding = randomToken(32);
  if (provider.kind === 'saml') return { redirectUrl: await samlSignInUrl(provider, origin, sha256(binding)), binding };
  try {
    const discovery = await discover(provider.issuer!);
    const state = randomToken(32);
    const nonce = randomToken(32);
    const codeVerifier = randomToken(48);
    await putOidcLogin(state, { companyId, providerId: provider.providerId, codeVerifier, nonce, bindingHash: sha256(binding) });
    const redirectUrl = authorizationUrl(discovery, {
      clientId: provider.clientId!,
      redirectUri: oidcRedirectUrl(origin),
      state,
      nonce,
      codeChallenge: pkceChallenge(codeVerifier),
      loginHint: email,
    });
    return { redirectUrl, binding };
  } catch (error) {
    if (!(error instanceof OidcFailure)) throw error;
    log.warn('single sign-on could not start', { companyId, providerId: provider.providerId, reason: error.message });
    throw new HttpError(502, `Your company's identity provider cannot be reached: ${error.message}`, 'sso_provider_unreachable');
  }
};

/**
 * OIDC's redirect back: the state names the sign-in under way (single use, 10 minutes), whose PKCE
 * verifier and nonce the code exchange and the ID token must match. Always answers a Location: the
 * app with a ticket, or with an error code (the reason is logged, never shown).
 */
export const completeOidcSignIn = async (
  query: { code?: string; state?: string; error?: string; errorDescription?: string },
  binding: string | undefined,
  log: Logger,
): Promise<string> => {
  if (!query.state) return ssoFailureLocation('sso_failed');
  const login = await takeOidcLogin(query.state);
  if (!login) {
    log.warn('oidc callback refused: unknown, used or expired state');
    return ssoFailureLocation('sso_expired');
  }
  const fields = { companyId: login.companyId, providerId: login.providerId };
  if (!binding || !login.bindingHash || !sameHash(sha256(binding), login.bindingHash)) {
    // Not the browser that started this sign-in: someone else's code and state, brought here (login CSRF).
    log.warn('oidc callback refused: not the browser that started the sign-in', fields);
    count(metricNames.ssoSignInsFailed);
    return ssoFailureLocation('sso_failed');
  }
  if (query.error || !query.code) {
    log.warn('oidc provider answered an error', { ...fields, error: query.error, description: query.errorDescription });
    return ssoFailureLocation('sso_provider_error');
  }
  const provider = await getSsoProvider(login.companyId, login.providerId);
  if (!provider || provider.kind !== 'oidc') {
    log.warn('oidc callback refused: the provider was removed', fields);
    return ssoFailureLocation('sso_failed');
  }
  try {
    const [discovery, clientSecret] = await Promise.all([discover(provider.issuer!), secretByName(provider.clientSecretId!)]);
    const idToken = await exchangeCode(discovery, {
      clientId: provider.clientId!,
      clientSecret,
      code: query.code,
      redirectUri: oidcRedirectUrl(await appOrigin()),
      codeVerifier: login.codeVerifier,
    });
    const { email } = await verifyIdToken(idToken, { discovery, clientId: provider.clientId!, nonce: login.nonce });
    return await finishSsoSignIn({ companyId: login.companyId, providerId: login.providerId, email }, log);
  } catch (error) {
    if (!(error instanceof OidcFailure)) throw error;
    log.warn('oidc sign-in refused', { ...fields, reason: error.message });
    count(metricNames.ssoSignInsFailed);
    return ssoFailureLocation(error.code);
  }
};

/** The app's exchange of a ticket for a session (single use, 2 minutes). */
export const redeemTicket = async (ticket: string) => {
  const session = await redeemSsoTicket(ticket);
  if (!session) throw badRequest('That sign-in took too long or was already used. Start again.', 'sso_expired');
  return session;
};
