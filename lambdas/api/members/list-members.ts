import { listMembers as contract } from '../../contracts/member';
import { routes } from '../../routes';
import { requireMembership } from '../../app/access/membership';
import { listMembers } from '../../shared/db/members';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.listMembers, contract, async ({ params, session }) => {
  await requireMembership(params.companyId, session.userId);
  return listMembers(params.companyId);
});
