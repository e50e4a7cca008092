import { updatePosition as contract } from '../../contracts/position';
import { routes } from '../../routes';
import { updatePosition } from '../../app/positions/positions';
import { apiHandlerAlongsideAuth } from '../../shared/http';
import { positionView } from './position-view';

/** Saves the full position body (a stale `version` is a 409). */
export const handler = apiHandlerAlongsideAuth(routes.updatePosition, contract, async ({ params, body, session }) =>
  positionView(await updatePosition(params.positionId, session, body)),
);
