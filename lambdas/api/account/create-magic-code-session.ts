import { createMagicCodeSession } from '../../contracts/account';
import { routes } from '../../routes';
import { findUserIdByEmail } from '../../shared/db/accounts';
import { signInWithCode } from '../../shared/db/magic-codes';
import { badRequest } from '../../shared/errors';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.createMagicCodeSession, createMagicCodeSession, async ({ body, log }) => {
  const userId = await findUserIdByEmail(body.email);
  const result = await signInWithCode(body.email, userId, body.shortnonce);
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
});
