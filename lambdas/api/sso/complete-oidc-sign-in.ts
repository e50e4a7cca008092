import * as operations from '../../operations/sso';
import { completeOidcSignIn } from '../../app/sso/sign-in';
import { defineHandler, Reply } from '../../platform/http';

/** The browser is sent on (303) to the app, with a ticket or an error code: never an error page of the API's. */
export const handler = defineHandler(operations.completeOidcSignIn, async ({ query, log }) => {
  const location = await completeOidcSignIn(query, log);
  return new Reply(303, { location }, { location });
});
