import { getCandidateAccessStatus as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { requireCandidateAccess } from '../../app/access/candidate';
import { candidateIdOfPublicId } from '../../shared/db/candidates';
import { HttpError } from '../../shared/errors';
import { apiHandler } from '../../shared/http';

/** Whether the member may open the candidate (named by id or by public id); where, only when they may. */
export const handler = apiHandler(routes.getCandidateAccessStatus, contract, async ({ params, session }) => {
  const ids = [params.candidateId, await candidateIdOfPublicId(params.candidateId)].filter((id): id is string => id !== null);
  for (const id of ids) {
    try {
      const { candidate } = await requireCandidateAccess(id, session.userId);
      return { canAccess: true, candidate: { companyId: candidate.companyId, positionId: candidate.positionId, candidateId: candidate.candidateId } };
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 404)) throw error;
    }
  }
  return { canAccess: false, candidate: null };
});
