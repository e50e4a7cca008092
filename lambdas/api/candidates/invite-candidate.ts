import * as operations from '../../operations/candidates';
import { inviteCandidate } from '../../app/invitations/invite-candidates';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** One candidate: with an e-mail the invitation is sent; without, the link is returned to copy. */
export const handler = defineHandlerAlongsideAuth(operations.inviteCandidate, async ({ params, body, session, log }) =>
  inviteCandidate(params.positionId, session, body, log),
);
