import { inviteMember as contract } from '../../contracts/member';
import { routes } from '../../routes';
import { inviteMember } from '../../app/members/member-invites';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.inviteMember, contract, async ({ params, body }) => inviteMember(params.companyId, body.email));
