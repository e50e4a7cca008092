import { createCheckoutSession as contract } from '../../contracts/billing';
import { startCheckout } from '../../app/billing/checkout';
import { routes } from '../../routes';
import { apiHandlerAlongsideAuth } from '../../shared/http';

export const handler = apiHandlerAlongsideAuth(routes.createCheckoutSession, contract, async ({ body, session, log }) => {
  const checkout = await startCheckout({ ...body, caller: session });
  log.info('checkout started', { companyId: body.companyId, sessionId: checkout.sessionId });
  return checkout;
});
