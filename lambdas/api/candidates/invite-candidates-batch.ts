import * as operations from '../../operations/candidates';
import { inviteCandidates } from '../../app/invitations/invite-candidates';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** Bulk invites from a CSV: credits are checked for the whole list before any candidate is created. */
export const handler = defineHandlerAlongsideAuth(operations.inviteCandidatesBatch, async ({ params, body, session, log }) => ({
  candidates: await inviteCandidates(params.positionId, session, body.newCandidates, log),
}));
