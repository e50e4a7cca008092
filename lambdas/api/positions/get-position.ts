import { getPosition } from '../../contracts/position';
import { routes } from '../../routes';
import { apiHandlerAlongsideAuth } from '../../shared/http';
import { requirePositionAccess } from '../../app/access/position';
import { positionView } from './position-view';

export const handler = apiHandlerAlongsideAuth(routes.getPosition, getPosition, async ({ params, session }) => {
  const { position } = await requirePositionAccess(params.positionId, session);
  return positionView(position);
});
