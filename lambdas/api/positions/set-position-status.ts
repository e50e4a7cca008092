import { setPositionStatus as contract } from '../../contracts/position';
import { routes } from '../../routes';
import { setPositionStatus } from '../../app/positions/status';
import { apiHandlerAlongsideAuth } from '../../shared/http';

/** Spec §4: open → closed (close), closed → open (re-open), closed → deleted. */
export const handler = apiHandlerAlongsideAuth(routes.setPositionStatus, contract, async ({ params, session, log }) =>
  setPositionStatus(params.positionId, session, params.status, log),
);
