import { packagePrefix } from '../../shared/storage-definition';
import { deletePrefixes } from '../../shared/clients/storage';
import { allCandidatesOfPosition, CandidateGone, deleteCandidate, type Candidate, type CandidatePartition } from '../../shared/db/candidates';
import { allPositions, deletePosition, setPositionStatus, type Position } from '../../shared/db/positions';
import { deleteMedia } from '../media/media';

/**
 * Deletions that cascade: a position takes its candidates, their answers and their media objects
 * along (no orphans). The position's own interview videos stay: the content library may have
 * copied them into other positions.
 */
/**
 * A candidate with their answers, their media objects and their answer package (`partition`: the
 * candidate's partition, when the caller has read it already).
 */
export const deleteCandidateCascade = async (candidate: Candidate, options: { onlyIfInvited?: boolean; partition?: CandidatePartition } = {}) => {
  const mediaIds = await deleteCandidate(candidate, options);
  await deleteMedia(mediaIds);
  await deletePrefixes([packagePrefix(candidate.candidateId)]);
  return mediaIds;
};

/** The position's candidates, with everything of theirs (`candidates` when the caller has read them already). */
export const deleteCandidatesOf = async (positionId: string, candidates?: Candidate[]) => {
  for (const candidate of candidates ?? (await allCandidatesOfPosition(positionId))) {
    try {
      await deleteCandidateCascade(candidate);
    } catch (error) {
      if (!(error instanceof CandidateGone)) throw error;
    }
  }
};

/** Deletes a closed position with everything of its candidates (`candidates`: all of them, when the caller has read them already). */
export const deletePositionCascade = async (position: Position, candidates?: Candidate[]) => {
  await deleteCandidatesOf(position.positionId, candidates);
  await deletePosition(position);
};

/** A company's positions, each closed first (only a closed position can be deleted), with their candidates. */
export const deletePositionsOfCompany = async (companyId: string) => {
  for (const position of await allPositions(companyId)) {
    if (position.currentStatus === 'open') await setPositionStatus(position, 'closed');
    await deletePositionCascade({ ...position, currentStatus: 'closed' });
  }
};
