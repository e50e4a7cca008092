import { setPositionStatus as storePositionStatus } from '../../data/positions';
import type { PositionAction, PositionStatus } from '../../contracts/vocabulary';
import type { Caller } from '../access/caller';
import { requirePositionAccess } from '../access/position';

/** Spec §4: open → closed (close), closed → open (re-open). (Deleting is app/deletion/position.ts, a function of its own.) */
export const setPositionStatus = async (positionId: string, caller: Caller, action: PositionAction) => {
  const { position } = await requirePositionAccess(positionId, caller);
  const next: PositionStatus = action === 'close' ? 'closed' : 'open';
  if (position.currentStatus !== next) await storePositionStatus(position, next);
  return { positionId: position.positionId, currentStatus: next };
};
