import { findUserIdByEmail } from '../../data/accounts';
import { consumeRateLimit } from '../../data/rate-limits';
import { createRecoverySession, getSsoSettings, ssoDomainClaimant, ssoStanding } from '../../data/sso';
import { emailDomain, normalizeRecoveryCode, ssoRequiredFor } from '../../domain/sso';
import { sameHash, sha256 } from '../../platform/crypto';
import { badRequest, forbidden, tooManyRequests } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { recordAudit } from '../audit/record';

/** Tries of a recovery code per address in a window: few, since the code is the way past single sign-on. */
const RECOVERY_TRIES = 5;
const RECOVERY_WINDOW_SECONDS = 15 * 60;

/**
 * The company's e-mailed codes stop working for its members at proven domains once it requires
 * single sign-on (issue 42): a 403 `sso_required` the sign-in screen answers with its single sign-on
 * button. Checked when a code is asked for and when one is used (a code sent before stays useless).
 * `claimant` is the company holding the address's domain (emailClaimant), read alongside the caller's
 * other first reads.
 */
export const refuseCodeWhenSsoRequired = async (userId: string | null, claimant: string | null): Promise<void> => {
  if (!userId || !claimant) return;
  const standing = await ssoStanding(claimant, userId);
  if (standing.membership && ssoRequiredFor(standing.settings, claimant, claimant)) {
    throw forbidden('Your company signs in with single sign-on. Use “Sign in with single sign-on” instead of a code.', 'sso_required');
  }
};

/** The company that proved the address's domain, or null. */
export const emailClaimant = (email: string): Promise<string | null> => ssoDomainClaimant(emailDomain(email));

/**
 * An invitation's link signs the invitee in as a code does, so it is refused the same way when the
 * inviting company requires single sign-on at the address's domain: the invitee signs in through the
 * provider instead, which accepts the invitation.
 */
export const refuseInviteLinkWhenSsoRequired = async (companyId: string, email: string): Promise<void> => {
  if ((await emailClaimant(email)) !== companyId) return;
  const settings = await getSsoSettings(companyId);
  if (ssoRequiredFor(settings, companyId, companyId)) {
    throw forbidden('This company signs in with single sign-on. Use “Sign in with single sign-on” with this address to join.', 'sso_required');
  }
};

/**
 * An owner's sign-in with the company's recovery code, for when its provider is broken: the address
 * must be an owner's of the company that proved its domain, the code that company's (compared in
 * constant time); every use is in the audit log.
 */
export const signInWithRecoveryCode = async (email: string, typed: string, log: Logger) => {
  if (!(await consumeRateLimit('recovery-code', sha256(email), RECOVERY_TRIES, RECOVERY_WINDOW_SECONDS))) {
    throw tooManyRequests('Too many tries with a recovery code for this address. Wait 15 minutes and try again.');
  }
  const refusal = badRequest('That recovery code does not work for this address.', 'invalid_recovery_code');
  const [companyId, userId] = await Promise.all([emailClaimant(email), findUserIdByEmail(email)]);
  if (!companyId || !userId) throw refusal;
  const [standing, settings] = await Promise.all([ssoStanding(companyId, userId), getSsoSettings(companyId)]);
  const expected = settings.recoveryCodeHash;
  const given = sha256(normalizeRecoveryCode(typed));
  if (standing.membership?.role !== 'owner' || !expected || !sameHash(expected, given)) throw refusal;
  const sessionId = await createRecoverySession(userId, companyId);
  log.warn('signed in with the recovery code', { companyId, userId });
  await recordAudit({ companyId, action: 'recovery_sign_in', actor: { userId } });
  return { sessionId, userId };
};
