import { getOwnershipStatus } from '../../contracts/company';
import { routes } from '../../routes';
import { requireMembership } from '../../app/access/membership';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.getOwnershipStatus, getOwnershipStatus, async ({ params, session }) => {
  const membership = await requireMembership(params.companyId, session.userId);
  return { isOwner: membership.role === 'owner' };
});
