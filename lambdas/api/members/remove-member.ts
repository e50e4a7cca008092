import { removeMember } from '../../contracts/member';
import { routes } from '../../routes';
import { removeMemberInvite, removeMembership } from '../../shared/db/members';
import { getMembership } from '../../shared/db/memberships';
import { badRequest, notFound } from '../../shared/errors';
import { apiHandler, Reply } from '../../shared/http';

/** `userId` names a member, or (for a pending invitation) the invitation's id. */
export const handler = apiHandler(routes.removeMember, removeMember, async ({ params }) => {
  const membership = await getMembership(params.companyId, params.userId);
  if (membership?.role === 'owner') throw badRequest('The owner cannot be removed.', 'owner_not_removable');
  try {
    if (membership) await removeMembership(params.companyId, params.userId);
    else await removeMemberInvite(params.companyId, params.userId);
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw notFound('Member not found.');
    throw error;
  }
  return new Reply(204, undefined);
});
