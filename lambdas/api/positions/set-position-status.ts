import { setPositionStatus as contract } from '../../contracts/position';
import { routes } from '../../routes';
import { setPositionStatus, WrongStatus } from '../../shared/db/positions';
import { deletePositionCascade } from '../../app/deletion/cascade';
import { conflict } from '../../shared/errors';
import { apiHandler } from '../../shared/http';
import { requirePositionAccess } from '../../app/access/position';

/** Spec §4: open → closed (close), closed → open (re-open), closed → deleted. */
export const handler = apiHandler(routes.setPositionStatus, contract, async ({ params, session, log }) => {
  const { position } = await requirePositionAccess(params.positionId, session.userId);
  try {
    if (params.status === 'delete') {
      if (position.currentStatus !== 'closed') throw new WrongStatus();
      await deletePositionCascade(position);
      log.info('position deleted', { positionId: position.positionId });
      return { positionId: position.positionId, currentStatus: 'deleted' as const };
    }
    const next: 'open' | 'closed' = params.status === 'close' ? 'closed' : 'open';
    if (position.currentStatus !== next) await setPositionStatus(position, next);
    return { positionId: position.positionId, currentStatus: next };
  } catch (error) {
    if (error instanceof WrongStatus) throw conflict('Only a closed position can be deleted. Close it first.', 'position_not_closed');
    throw error;
  }
});
