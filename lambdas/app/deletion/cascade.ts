import { packagePrefix } from '../../adapters/storage-layout';
import { deletePrefixes } from '../../adapters/storage';
import { allCandidatesOfPosition } from '../../data/candidates/lists';
import { CandidateGone, deleteCandidate, type Candidate, type CandidatePartition } from '../../data/candidates/candidate';
import { deletePosition, setPositionStatus, type Position } from '../../data/positions';
import { dropPendingResult } from '../../data/integrations/results';
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
  // Their result waiting for the ATS outbox (issue 28: every copy goes).
  await dropPendingResult(candidate.candidateId, candidate.integration?.writeBack);
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

/** Positions a company's deletion works on at once (each one's candidates go one after another). */
const POSITIONS_AT_ONCE = 8;

/**
 * A company's positions (`positions`: all of them, as allPositions read them), each closed first
 * (only a closed position can be deleted, and a closed one takes no new candidate) and then
 * deleted with its candidates, up to POSITIONS_AT_ONCE positions at once: their candidate
 * Queries and deletions run side by side. After a failure no further position is started.
 */
export const deletePositionsOfCompany = async (positions: readonly Position[]) => {
  let next = 0;
  let failed = false;
  const work = async () => {
    while (!failed && next < positions.length) {
      const position = positions[next++]!;
      try {
        if (position.currentStatus === 'open') await setPositionStatus(position, 'closed');
        await deletePositionCascade({ ...position, currentStatus: 'closed' });
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  // Every worker is waited for (nothing is left running when the request ends), then the first failure is thrown.
  const outcomes = await Promise.allSettled(Array.from({ length: Math.min(POSITIONS_AT_ONCE, positions.length) }, work));
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
};
