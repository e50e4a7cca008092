import { removeMember as contract } from '../../contracts/member';
import { routes } from '../../routes';
import { removeMember } from '../../app/members/members';
import { apiHandler, Reply } from '../../shared/http';

/** `userId` names a member, or (for a pending invitation) the invitation's id. */
export const handler = apiHandler(routes.removeMember, contract, async ({ params }) => {
  await removeMember(params.companyId, params.userId);
  return new Reply(204, undefined);
});
