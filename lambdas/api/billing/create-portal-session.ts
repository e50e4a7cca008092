import { createPortalSession as contract } from '../../contracts/billing';
import { openBillingPortal } from '../../app/billing/checkout';
import { routes } from '../../routes';
import { apiHandlerAlongsideAuth } from '../../shared/http';

export const handler = apiHandlerAlongsideAuth(routes.createPortalSession, contract, ({ body, session }) =>
  openBillingPortal({ ...body, caller: session }),
);
