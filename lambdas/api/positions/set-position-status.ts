import * as operations from '../../operations/positions';
import { setPositionStatus } from '../../app/positions/status';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** Close or re-open a position. */
export const handler = defineHandlerAlongsideAuth(operations.setPositionStatus, async ({ params, session, log }) =>
  setPositionStatus(params.positionId, session, params.status, log),
);
