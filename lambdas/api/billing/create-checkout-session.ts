import * as operations from '../../operations/billing';
import { startCheckout } from '../../app/billing/checkout';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.createCheckoutSession, async ({ body, session, log }) => {
  const checkout = await startCheckout({ ...body, caller: session });
  log.info('checkout started', { companyId: body.companyId, sessionId: checkout.sessionId });
  return checkout;
});
