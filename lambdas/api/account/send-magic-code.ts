import { sendMagicCode } from '../../contracts/account';
import { routes } from '../../routes';
import { sendSignInCode } from '../../app/accounts/sign-in';
import { apiHandler, Reply } from '../../shared/http';

/** Same answer whether or not the address has an account (an address without one gets a link to registration instead of a code). */
export const handler = apiHandler(routes.sendMagicCode, sendMagicCode, async ({ body }) => {
  await sendSignInCode(body.email);
  return new Reply(202, { email: body.email });
});
