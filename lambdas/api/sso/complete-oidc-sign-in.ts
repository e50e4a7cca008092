import * as operations from '../../operations/sso';
import { completeOidcSignIn } from '../../app/sso/sign-in';
import { SSO_BINDING_COOKIE, spentSsoBindingCookie } from '../../domain/sso';
import { cookieValue, defineHandler, Reply } from '../../platform/http';

/** The browser is sent on (303) to the app, with a ticket or an error code: never an error page of the API's. */
export const handler = defineHandler(operations.completeOidcSignIn, async ({ query, event, log }) => {
  const location = await completeOidcSignIn(query, cookieValue(event, SSO_BINDING_COOKIE), log);
  return new Reply(303, { location }, { location }, [spentSsoBindingCookie]);
});
