import * as operations from '../../operations/candidates';
import { candidateAccessStatus } from '../../app/access/candidate';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** Whether the member may open the candidate (named by id or by public id); where, only when they may. */
export const handler = defineHandlerAlongsideAuth(operations.getCandidateAccessStatus, async ({ params, session }) =>
  candidateAccessStatus(params.candidateId, session),
);
