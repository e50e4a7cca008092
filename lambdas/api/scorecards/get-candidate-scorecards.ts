import * as operations from '../../operations/scorecards';
import { getCandidateScorecards } from '../../app/review/scorecards';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** A candidate's scorecards: others' scores only once the caller has submitted theirs. */
export const handler = defineHandlerAlongsideAuth(operations.getCandidateScorecards, async ({ params, session }) =>
  getCandidateScorecards(params.candidateId, session),
);
