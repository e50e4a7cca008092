import { allCandidatesOfPosition } from '../../data/candidates/lists';
import { WrongStatus } from '../../data/positions';
import { DELETED } from '../../contracts/vocabulary';
import { conflict } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Caller } from '../access/caller';
import { requirePositionAccess } from '../access/position';
import { recordAudit } from '../audit/record';
import { deletePositionCascade } from './cascade';

/** Spec §4: closed → deleted, with its candidates and their media; a closed position's candidates are read alongside the access check. */
export const deletePosition = async (positionId: string, caller: Caller, log: Logger) => {
  const {
    position,
    membership,
    read: candidates,
  } = await requirePositionAccess(positionId, caller, (p) =>
    p.currentStatus === 'closed' ? allCandidatesOfPosition(p.positionId) : Promise.resolve(undefined),
  );
  try {
    if (position.currentStatus !== 'closed') throw new WrongStatus();
    await deletePositionCascade(position, candidates);
  } catch (error) {
    if (error instanceof WrongStatus) throw conflict('Only a closed position can be deleted. Close it first.', 'position_not_closed');
    throw error;
  }
  log.info('position deleted', { positionId: position.positionId });
  // One audit entry for the position (bounded, however many candidates went with it).
  await recordAudit({
    companyId: position.companyId,
    action: 'deleted',
    actor: { userId: membership.userId },
    positionId: position.positionId,
    detail: `position with ${candidates?.length ?? 0} candidates`,
  });
  return { positionId: position.positionId, currentStatus: DELETED };
};
