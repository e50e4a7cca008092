import { createApplyLink as contract } from '../../contracts/position';
import { routes } from '../../routes';
import { createApplyLink } from '../../app/positions/positions';
import { apiHandlerAlongsideAuth } from '../../shared/http';

export const handler = apiHandlerAlongsideAuth(routes.createApplyLink, contract, async ({ params, session }) =>
  createApplyLink(params.positionId, session),
);
