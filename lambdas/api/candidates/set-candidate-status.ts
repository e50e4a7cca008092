import { setCandidateStatus as contract } from '../../contracts/candidate';
import { evaluate } from '../../contracts/candidate-status';
import { routes } from '../../routes';
import { requireCandidateAccess } from '../../app/access/candidate';
import { CandidateGone, setEvaluation, StatusChanged } from '../../shared/db/candidates';
import { getCompany } from '../../shared/db/companies';
import { conflict } from '../../shared/errors';
import { apiHandler } from '../../shared/http';
import { deleteCandidateCascade } from '../../app/deletion/cascade';

const CHANGED = 'The candidate changed meanwhile. Reload and try again.';

/**
 * Shortlist, reject and undo follow spec §4's table (evaluation must be enabled); the position's
 * counts move in the same transaction. Delete removes the candidate, their answers and every media
 * object of theirs.
 */
export const handler = apiHandler(routes.setCandidateStatus, contract, async ({ params, session, log }) => {
  const { candidate } = await requireCandidateAccess(params.candidateId, session.userId);
  if (params.status === 'delete') {
    try {
      const mediaIds = await deleteCandidateCascade(candidate);
      log.info('candidate deleted', { candidateId: candidate.candidateId, media: mediaIds.length });
    } catch (error) {
      if (error instanceof CandidateGone) throw conflict(CHANGED, 'candidate_changed');
      throw error;
    }
    return { candidateId: candidate.candidateId, currentStatus: 'deleted' as const };
  }
  const company = await getCompany(candidate.companyId);
  if (!company?.config.isEvaluationEnabled) throw conflict('Evaluation is turned off for this company.', 'evaluation_disabled');
  const next = evaluate(candidate.currentStatus, params.status);
  if (next === null) throw conflict(`A ${candidate.currentStatus} candidate cannot be moved that way.`, 'invalid_transition');
  try {
    await setEvaluation(candidate, next as 'responded' | 'shortlisted' | 'rejected');
  } catch (error) {
    if (error instanceof StatusChanged) throw conflict(CHANGED, 'candidate_changed');
    throw error;
  }
  return { candidateId: candidate.candidateId, currentStatus: next as 'responded' | 'shortlisted' | 'rejected' };
});
