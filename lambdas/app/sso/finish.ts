import type { SsoErrorCode } from '../../contracts/sso';
import { findUserIdByEmail } from '../../data/accounts';
import { getCompany } from '../../data/companies';
import { joinBySso, pendingInviteFor, putSsoTicket, ssoStanding } from '../../data/sso';
import { appSsoLocation } from '../../domain/sso';
import { appOrigin } from '../../platform/app-origin';
import type { Logger } from '../../platform/logger';
import { emailClaimant } from './recovery';

/** Where the browser goes when a single sign-on did not sign anyone in. */
export const ssoFailureLocation = async (code: SsoErrorCode): Promise<string> => appSsoLocation(await appOrigin(), { error: code });

/**
 * The end of every single sign-on, OIDC's and SAML's alike, once the provider's answer VERIFIED: the
 * address must be at a domain the company proved; a member signs in; someone else joins as a member
 * when the company lets people join, or when they hold an invitation; then the browser gets a
 * one-time ticket (2 minutes) the app exchanges for a session carrying the provider.
 */
export const finishSsoSignIn = async (identity: { companyId: string; providerId: string; email: string }, log: Logger): Promise<string> => {
  const { companyId, providerId } = identity;
  const email = identity.email.trim().toLowerCase();
  const [claimant, existingUserId] = await Promise.all([emailClaimant(email), findUserIdByEmail(email)]);
  if (claimant !== companyId) {
    log.warn('single sign-on refused: address not at a proven domain', { companyId, providerId });
    return ssoFailureLocation('sso_domain_unproven');
  }
  const standing = await ssoStanding(companyId, existingUserId);
  let userId = standing.membership ? existingUserId : null;
  if (!userId) {
    const [invite, company] = await Promise.all([pendingInviteFor(companyId, email), getCompany(companyId)]);
    if (!company) return ssoFailureLocation('sso_failed');
    if (!invite && standing.settings.joinMode !== 'join_as_member') {
      log.info('single sign-on refused: not a member, and joining is by invitation', { companyId, providerId });
      return ssoFailureLocation('sso_not_member');
    }
    userId =
      (await joinBySso({ companyId, companyName: company.companyName, email, existingUserId, invite })) ??
      // A concurrent first sign-in of the same person won the race: theirs is the account.
      (await findUserIdByEmail(email));
    if (!userId) return ssoFailureLocation('sso_failed');
    log.info('joined by single sign-on', { companyId, providerId, userId, invited: invite !== null });
  }
  const ticket = await putSsoTicket({ userId, companyId, providerId });
  log.info('signed in by single sign-on', { companyId, providerId, userId });
  return appSsoLocation(await appOrigin(), { ticket });
};
