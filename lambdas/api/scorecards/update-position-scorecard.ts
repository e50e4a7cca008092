import * as operations from '../../operations/scorecards';
import { updatePositionScorecard } from '../../app/review/scorecards';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** Replaces a position's scorecard criteria (a member who may edit the position). */
export const handler = defineHandlerAlongsideAuth(operations.updatePositionScorecard, async ({ params, body, session }) =>
  updatePositionScorecard(params.positionId, session, body.criteria),
);
