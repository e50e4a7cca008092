import { removeMember as contract } from '../../contracts/member';
import { routes } from '../../routes';
import { removeMember } from '../../app/members/members';
import { apiHandlerAlongsideAuth, Reply } from '../../shared/http';

/** `userId` names a member, or (for a pending invitation) the invitation's id. */
export const handler = apiHandlerAlongsideAuth(routes.removeMember, contract, async ({ params, membership }) => {
  await removeMember(params.companyId, membership, params.userId);
  return new Reply(204, undefined);
});
