import * as operations from '../../operations/members';
import { inviteMember } from '../../app/members/member-invites';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.inviteMember, async ({ params, body, membership, log }) =>
  inviteMember(params.companyId, membership, body.email, log),
);
