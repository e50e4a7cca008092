import * as operations from '../../operations/account';
import { sendSignInCode } from '../../app/accounts/sign-in';
import { defineHandler, Reply } from '../../platform/http';

/** Same answer whether or not the address has an account (an address without one gets a link to registration instead of a code). */
export const handler = defineHandler(operations.sendMagicCode, async ({ body }) => {
  await sendSignInCode(body.email);
  return new Reply(202, { email: body.email });
});
