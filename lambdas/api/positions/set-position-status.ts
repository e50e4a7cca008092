import * as operations from '../../operations/positions';
import { setPositionStatus } from '../../app/positions/status';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** Spec §4: open → closed (close), closed → open (re-open), closed → deleted. */
export const handler = defineHandlerAlongsideAuth(operations.setPositionStatus, async ({ params, session, log }) =>
  setPositionStatus(params.positionId, session, params.status, log),
);
