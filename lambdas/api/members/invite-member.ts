import { inviteMember as contract } from '../../contracts/member';
import { routes } from '../../routes';
import { inviteMember } from '../../app/members/member-invites';
import { apiHandlerAlongsideAuth } from '../../shared/http';

export const handler = apiHandlerAlongsideAuth(routes.inviteMember, contract, async ({ params, body, membership }) =>
  inviteMember(params.companyId, membership, body.email),
);
