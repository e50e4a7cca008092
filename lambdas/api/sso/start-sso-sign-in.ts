import * as operations from '../../operations/sso';
import { startSsoSignIn } from '../../app/sso/sign-in';
import { ssoBindingCookie } from '../../domain/sso';
import { defineHandler, Reply } from '../../platform/http';

/** The browser keeps the sign-in's binding in a cookie: the callback or the consumer service takes the answer only with it. */
export const handler = defineHandler(operations.startSsoSignIn, async ({ body, log }) => {
  const { redirectUrl, binding } = await startSsoSignIn(body.email, log);
  return new Reply(201, { redirectUrl }, {}, [ssoBindingCookie(binding)]);
});
