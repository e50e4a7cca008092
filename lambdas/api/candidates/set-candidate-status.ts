import { setCandidateStatus as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { requireCandidateAccess } from '../../shared/candidate-access';
import { CandidateGone, deleteCandidate } from '../../shared/db/candidates';
import { conflict } from '../../shared/errors';
import { apiHandler } from '../../shared/http';
import { deleteMedia } from '../../shared/media';

/** Deleting a candidate (or an invite): their items, the position's count, and their media objects, leaving no orphans. */
export const handler = apiHandler(routes.setCandidateStatus, contract, async ({ params, session, log }) => {
  const { candidate } = await requireCandidateAccess(params.candidateId, session!.userId);
  try {
    const mediaIds = await deleteCandidate(candidate);
    await deleteMedia(mediaIds);
    log.info('candidate deleted', { candidateId: candidate.candidateId, media: mediaIds.length });
  } catch (error) {
    if (error instanceof CandidateGone) throw conflict('The candidate changed meanwhile. Reload and try again.', 'candidate_changed');
    throw error;
  }
  return { candidateId: candidate.candidateId, currentStatus: 'deleted' as const };
});
