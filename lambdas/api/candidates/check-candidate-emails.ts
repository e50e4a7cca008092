import * as operations from '../../operations/candidates';
import { existingCandidateEmails } from '../../app/invitations/existing-emails';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** A bulk import's preview: which of its addresses are already candidates of the position. */
export const handler = defineHandlerAlongsideAuth(operations.checkCandidateEmails, async ({ params, body, session }) => ({
  existingEmails: await existingCandidateEmails(params.positionId, session, body.emails),
}));
