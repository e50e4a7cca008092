import { paths } from '../../contracts/app-paths';
import { CODE_SEND_WINDOW_SECONDS, CODE_SENDS_PER_WINDOW, generateCode } from '../../domain/auth';
import { magicCodeEmail, noAccountEmail } from '../../domain/emails/sign-in';
import { appLink } from '../../platform/app-origin';
import { sendMail } from '../../adapters/mail';
import { sha256 } from '../../platform/crypto';
import { findUserIdByEmail } from '../../data/accounts';
import { signInWithCode, storeMagicCode } from '../../data/magic-codes';
import { consumeRateLimit } from '../../data/rate-limits';
import { deleteSession } from '../../data/sessions';
import { badRequest, tooManyRequests } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { emailClaimant, refuseCodeWhenSsoRequired } from '../sso/recovery';

/** Signing in with a code sent by e-mail (spec §1), and signing out. */

/**
 * Same work whether or not the address has an account: an address without one gets an e-mail
 * pointing to registration instead of a code. The rate limit and the account are looked up together.
 */
export const sendSignInCode = async (email: string) => {
  const [allowed, userId, claimant] = await Promise.all([
    consumeRateLimit('magic-code', sha256(email), CODE_SENDS_PER_WINDOW, CODE_SEND_WINDOW_SECONDS),
    findUserIdByEmail(email),
    emailClaimant(email),
  ]);
  if (!allowed) throw tooManyRequests('Too many codes were requested for this address. Wait a few minutes and try again.');
  await refuseCodeWhenSsoRequired(userId, claimant);
  if (userId) {
    const code = generateCode();
    await storeMagicCode(email, code);
    await sendMail(magicCodeEmail(email, code));
  } else {
    await sendMail(noAccountEmail(email, await appLink(paths.register.to())));
  }
};

/** A code from the e-mail becomes a session; a wrong, locked or expired code says which. */
export const signInWithMagicCode = async (email: string, code: string, log: Logger) => {
  const [userId, claimant] = await Promise.all([findUserIdByEmail(email), emailClaimant(email)]);
  await refuseCodeWhenSsoRequired(userId, claimant);
  const result = await signInWithCode(email, userId, code);
  switch (result.outcome) {
    case 'signed_in':
      log.info('signed in', { userId });
      return { sessionId: result.sessionId, userId: userId! };
    case 'wrong':
      throw result.attemptsLeft > 0
        ? badRequest('That code is not right. Check the e-mail and try again.', 'invalid_code')
        : badRequest('Too many wrong tries: this code no longer works. Request a new code.', 'code_locked');
    case 'expired':
      throw badRequest('That code has expired. Request a new code.', 'code_expired');
    default:
      throw badRequest('That code is not valid. Request a new code.', 'invalid_code');
  }
};

/** Sign-out. Knowing a session id is the authority to end it, so no other check applies. */
export const signOut = (sessionId: string) => deleteSession(sessionId);
