import { allCandidatesOfPosition } from '../../data/candidates/lists';
import { setPositionStatus as storePositionStatus, WrongStatus } from '../../data/positions';
import { conflict } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Caller } from '../access/caller';
import { requirePositionAccess } from '../access/position';
import { deletePositionCascade } from '../deletion/cascade';

/**
 * Spec §4: open → closed (close), closed → open (re-open), closed → deleted (with its candidates
 * and their media; a closed position's candidates are read alongside the access check).
 */
export const setPositionStatus = async (positionId: string, caller: Caller, status: 'close' | 'open' | 'delete', log: Logger) => {
  const { position, read: candidates } = await requirePositionAccess(positionId, caller, (p) =>
    status === 'delete' && p.currentStatus === 'closed' ? allCandidatesOfPosition(p.positionId) : Promise.resolve(undefined),
  );
  try {
    if (status === 'delete') {
      if (position.currentStatus !== 'closed') throw new WrongStatus();
      await deletePositionCascade(position, candidates);
      log.info('position deleted', { positionId: position.positionId });
      return { positionId: position.positionId, currentStatus: 'deleted' as const };
    }
    const next: 'open' | 'closed' = status === 'close' ? 'closed' : 'open';
    if (position.currentStatus !== next) await storePositionStatus(position, next);
    return { positionId: position.positionId, currentStatus: next };
  } catch (error) {
    if (error instanceof WrongStatus) throw conflict('Only a closed position can be deleted. Close it first.', 'position_not_closed');
    throw error;
  }
};
