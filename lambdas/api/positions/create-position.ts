import { createPosition as contract } from '../../contracts/position';
import { routes } from '../../routes';
import { requireMembership } from '../../app/access/membership';
import { createPosition } from '../../shared/db/positions';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.createPosition, contract, async ({ params, body, session, log }) => {
  await requireMembership(params.companyId, session.userId);
  const positionId = await createPosition(params.companyId, body);
  log.info('position created', { positionId });
  return { positionId };
});
