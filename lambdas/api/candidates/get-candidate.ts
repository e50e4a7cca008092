import * as operations from '../../operations/candidates';
import { reviewCandidate } from '../../app/review/candidate';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** A candidate with their questions, answers, answer package and neighbours, for the team's detail page. */
export const handler = defineHandlerAlongsideAuth(operations.getCandidate, async ({ params, query, session }) =>
  reviewCandidate(params.candidateId, session, query.view),
);
