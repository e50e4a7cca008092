import * as operations from '../../operations/scorecards';
import { submitScorecard } from '../../app/review/scorecards';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** Submits or changes the caller's scorecard of a candidate. */
export const handler = defineHandlerAlongsideAuth(operations.submitScorecard, async ({ params, body, session }) =>
  submitScorecard(params.candidateId, session, body),
);
