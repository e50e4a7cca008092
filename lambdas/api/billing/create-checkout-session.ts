import { createCheckoutSession as contract } from '../../contracts/billing';
import { startCheckout } from '../../app/billing/checkout';
import { routes } from '../../routes';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.createCheckoutSession, contract, async ({ body, session, log }) => {
  const checkout = await startCheckout({ ...body, userId: session.userId });
  log.info('checkout started', { companyId: body.companyId, sessionId: checkout.sessionId });
  return checkout;
});
