import { allCandidatesOfPosition, CandidateGone, deleteCandidate } from './db/candidates';
import { allPositions, deletePosition, setPositionStatus, type Position } from './db/positions';
import { deleteMedia } from './media';

/**
 * Deletions that cascade: a position takes its candidates, their answers and their media objects
 * along (no orphans). The position's own interview videos stay: the content library may have
 * copied them into other positions.
 */
export const deleteCandidatesOf = async (positionId: string) => {
  for (const candidate of await allCandidatesOfPosition(positionId)) {
    try {
      await deleteMedia(await deleteCandidate(candidate));
    } catch (error) {
      if (!(error instanceof CandidateGone)) throw error;
    }
  }
};

/** Deletes a closed position with everything of its candidates. */
export const deletePositionCascade = async (position: Position) => {
  await deleteCandidatesOf(position.positionId);
  await deletePosition(position);
};

/** A company's positions, each closed first (only a closed position can be deleted), with their candidates. */
export const deletePositionsOfCompany = async (companyId: string) => {
  for (const position of await allPositions(companyId)) {
    if (position.currentStatus === 'open') await setPositionStatus(position, 'closed');
    await deletePositionCascade({ ...position, currentStatus: 'closed' });
  }
};
