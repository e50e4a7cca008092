import { getCheckoutSessionStatus as contract } from '../../contracts/billing';
import { checkoutStatus } from '../../app/billing/status';
import { routes } from '../../routes';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.getCheckoutSessionStatus, contract, ({ params, session }) =>
  checkoutStatus(params.frontendReferenceId, session.userId),
);
