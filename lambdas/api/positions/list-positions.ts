import { listPositions as contract } from '../../contracts/position';
import { routes } from '../../routes';
import { listPositions } from '../../app/positions/positions';
import { apiHandler } from '../../shared/http';

/** The positions of a tab that the member may open (the rule of GET /positions/{id}). */
export const handler = apiHandler(routes.listPositions, contract, async ({ params, query, session }) =>
  listPositions(params.companyId, session.userId, query.status, query.cursor),
);
