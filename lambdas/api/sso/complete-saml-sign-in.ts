import * as operations from '../../operations/sso';
import { completeSamlSignIn } from '../../app/sso/saml';
import { SSO_BINDING_COOKIE, spentSsoBindingCookie } from '../../domain/sso';
import { cookieValue, defineHandler, rawBody, Reply } from '../../platform/http';

/**
 * The SAML assertion consumer service: the identity provider's auto-submitted form (SAMLResponse,
 * HTTP-POST binding) is read as it arrived; the browser is sent on (303) to the app with a one-time
 * ticket or an error code, never shown a 500 for a bad response.
 */
export const handler = defineHandler(operations.completeSamlSignIn, async ({ params, event, log }) => {
  const location = await completeSamlSignIn(params.companyId, params.providerId, rawBody(event), cookieValue(event, SSO_BINDING_COOKIE), log);
  return new Reply(303, { location }, { location }, [spentSsoBindingCookie]);
});
