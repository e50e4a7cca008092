import { getCheckoutSessionStatus as contract } from '../../contracts/billing';
import { checkoutStatus } from '../../app/billing/status';
import { routes } from '../../routes';
import { apiHandlerAlongsideAuth } from '../../shared/http';

export const handler = apiHandlerAlongsideAuth(routes.getCheckoutSessionStatus, contract, ({ params, session }) =>
  checkoutStatus(params.frontendReferenceId, session),
);
