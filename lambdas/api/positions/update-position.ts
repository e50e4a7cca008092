import * as operations from '../../operations/positions';
import { updatePosition } from '../../app/positions/positions';
import { defineHandlerAlongsideAuth } from '../../platform/http';
import { positionView } from './position-view';

/** Saves the full position body (a stale `version` is a 409). */
export const handler = defineHandlerAlongsideAuth(operations.updatePosition, async ({ params, body, session }) =>
  positionView(await updatePosition(params.positionId, session, body)),
);
