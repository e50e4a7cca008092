import * as operations from '../../operations/positions';
import { deletePosition } from '../../app/deletion/position';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** Deletes a closed position with its candidates and their media. */
export const handler = defineHandlerAlongsideAuth(operations.deletePosition, async ({ params, session, log }) =>
  deletePosition(params.positionId, session, log),
);
