import { createPosition as contract } from '../../contracts/position';
import { routes } from '../../routes';
import { createPosition } from '../../app/positions/positions';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.createPosition, contract, async ({ params, body, session, log }) =>
  createPosition(params.companyId, session.userId, body, log),
);
