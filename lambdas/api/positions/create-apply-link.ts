import { createApplyLink as contract } from '../../contracts/position';
import { routes } from '../../routes';
import { createApplyLink } from '../../app/positions/positions';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.createApplyLink, contract, async ({ params, session }) =>
  createApplyLink(params.positionId, session.userId),
);
