import * as operations from '../../operations/positions';
import { defineHandlerAlongsideAuth } from '../../platform/http';
import { requirePositionAccess } from '../../app/access/position';
import { positionView } from './position-view';

export const handler = defineHandlerAlongsideAuth(operations.getPosition, async ({ params, session }) => {
  const { position } = await requirePositionAccess(params.positionId, session);
  return positionView(position);
});
