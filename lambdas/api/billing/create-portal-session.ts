import { createPortalSession as contract } from '../../contracts/billing';
import { openBillingPortal } from '../../app/billing/checkout';
import { routes } from '../../routes';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.createPortalSession, contract, ({ body, session }) =>
  openBillingPortal({ ...body, userId: session.userId }),
);
