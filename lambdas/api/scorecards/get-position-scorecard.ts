import * as operations from '../../operations/scorecards';
import { getPositionScorecard } from '../../app/review/scorecards';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** A position's scorecard criteria, for a member with access to the position. */
export const handler = defineHandlerAlongsideAuth(operations.getPositionScorecard, async ({ params, session }) =>
  getPositionScorecard(params.positionId, session),
);
