import { paths } from '../../contracts/app-paths';
import { sendMagicCode } from '../../contracts/account';
import { CODE_SEND_WINDOW_SECONDS, CODE_SENDS_PER_WINDOW, generateCode } from '../../domain/auth';
import { magicCodeEmail, noAccountEmail } from '../../domain/emails/sign-in';
import { routes } from '../../routes';
import { appLink } from '../../shared/app-origin';
import { sendMail } from '../../shared/clients/mail';
import { sha256 } from '../../shared/crypto';
import { findUserIdByEmail } from '../../shared/db/accounts';
import { storeMagicCode } from '../../shared/db/magic-codes';
import { consumeRateLimit } from '../../shared/db/rate-limits';
import { tooManyRequests } from '../../shared/errors';
import { apiHandler, Reply } from '../../shared/http';

/**
 * Same answer whether or not the address has an account: an address without one gets an e-mail
 * pointing to registration instead of a code, so the response and its work look alike.
 */
export const handler = apiHandler(routes.sendMagicCode, sendMagicCode, async ({ body }) => {
  const allowed = await consumeRateLimit('magic-code', sha256(body.email), CODE_SENDS_PER_WINDOW, CODE_SEND_WINDOW_SECONDS);
  if (!allowed) throw tooManyRequests('Too many codes were requested for this address. Wait a few minutes and try again.');
  const userId = await findUserIdByEmail(body.email);
  if (userId) {
    const code = generateCode();
    await storeMagicCode(body.email, code);
    await sendMail(magicCodeEmail(body.email, code));
  } else {
    const registerHref = await appLink(paths.register.to());
    await sendMail(noAccountEmail(body.email, registerHref));
  }
  return new Reply(202, { email: body.email });
});
