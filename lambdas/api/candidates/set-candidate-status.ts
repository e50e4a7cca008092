import * as operations from '../../operations/candidates';
import { evaluateCandidate } from '../../app/review/status';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** Shortlist, reject or undo (spec §4's table). */
export const handler = defineHandlerAlongsideAuth(operations.setCandidateStatus, async ({ params, session, log }) =>
  evaluateCandidate(params.candidateId, params.status, session, log),
);
