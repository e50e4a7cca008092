import * as operations from '../../operations/candidates';
import { fixCandidateEmail } from '../../app/invitations/fix-email';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** Corrects an invited candidate's address and sends the invitation again to it, spending no credit. */
export const handler = defineHandlerAlongsideAuth(operations.fixCandidateEmail, async ({ params, body, session, log }) =>
  fixCandidateEmail(params.candidateId, body.email, session, log),
);
