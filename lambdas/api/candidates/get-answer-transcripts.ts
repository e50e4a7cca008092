import { getAnswerTranscripts as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { candidateTranscripts } from '../../app/review/answers';
import { requireCandidateAccess } from '../../app/access/candidate';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.getAnswerTranscripts, contract, async ({ params, session }) => {
  const { candidate } = await requireCandidateAccess(params.candidateId, session.userId);
  return candidateTranscripts(candidate);
});
