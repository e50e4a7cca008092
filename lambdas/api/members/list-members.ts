import { listMembers as contract } from '../../contracts/member';
import { routes } from '../../routes';
import { listCompanyMembers } from '../../app/members/members';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.listMembers, contract, async ({ params, session }) => listCompanyMembers(params.companyId, session.userId));
