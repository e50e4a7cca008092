import { listPositions as contract } from '../../contracts/position';
import { routes } from '../../routes';
import { requireMembership } from '../../shared/access';
import { listPositions } from '../../shared/db/positions';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.listPositions, contract, async ({ params, query, session }) => {
  await requireMembership(params.companyId, session!.userId);
  return listPositions(params.companyId, query.status, query.cursor);
});
