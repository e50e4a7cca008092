import * as operations from '../../operations/members';
import { removeMember } from '../../app/members/members';
import { defineHandlerAlongsideAuth, Reply } from '../../platform/http';

/** `userId` names a member, or (for a pending invitation) the invitation's id. */
export const handler = defineHandlerAlongsideAuth(operations.removeMember, async ({ params, membership }) => {
  await removeMember(params.companyId, membership, params.userId);
  return new Reply(204, undefined);
});
