import * as operations from '../../operations/candidates';
import { deleteCandidate } from '../../app/deletion/candidate';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** Deletes a candidate with their answers and media. */
export const handler = defineHandlerAlongsideAuth(operations.deleteCandidate, async ({ params, session, log }) =>
  deleteCandidate(params.candidateId, session, log),
);
