import * as operations from '../../operations/candidates';
import { reinviteCandidate } from '../../app/invitations/invite-candidates';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** Resends an invitation with a fresh deadline (the card moves to the top of the Invited tab). */
export const handler = defineHandlerAlongsideAuth(operations.reinviteCandidate, async ({ params, session, log }) =>
  reinviteCandidate(params.candidateId, session, log),
);
