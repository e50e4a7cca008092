import { listPositions as contract } from '../../contracts/position';
import { routes } from '../../routes';
import { requireMembership } from '../../app/access/membership';
import { listPositions } from '../../shared/db/positions';
import { apiHandler } from '../../shared/http';
import { accessibleTo } from '../../app/access/position';

/** The positions of a tab that the member may open (the rule of GET /positions/{id}). */
export const handler = apiHandler(routes.listPositions, contract, async ({ params, query, session }) => {
  const membership = await requireMembership(params.companyId, session.userId);
  return listPositions(params.companyId, query.status, query.cursor, accessibleTo(membership));
});
