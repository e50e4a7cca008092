import * as operations from '../../operations/candidates';
import { setCandidateStatus } from '../../app/review/status';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** Shortlist, reject, undo (spec §4's table) or delete a candidate. */
export const handler = defineHandlerAlongsideAuth(operations.setCandidateStatus, async ({ params, session, log }) =>
  setCandidateStatus(params.candidateId, params.status, session, log),
);
