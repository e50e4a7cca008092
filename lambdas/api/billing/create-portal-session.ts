import * as operations from '../../operations/billing';
import { openBillingPortal } from '../../app/billing/checkout';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.createPortalSession, ({ body, session }) =>
  openBillingPortal({ ...body, caller: session }),
);
