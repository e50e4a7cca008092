import * as operations from '../../operations/billing';
import { checkoutStatus } from '../../app/billing/status';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.getCheckoutSessionStatus, ({ params, session }) =>
  checkoutStatus(params.frontendReferenceId, session),
);
