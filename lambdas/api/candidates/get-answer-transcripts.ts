import { getAnswerTranscripts as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { candidateTranscripts } from '../../shared/candidate-answers';
import { requireCandidateAccess } from '../../shared/candidate-access';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.getAnswerTranscripts, contract, async ({ params, session }) => {
  const { candidate } = await requireCandidateAccess(params.candidateId, session.userId);
  return candidateTranscripts(candidate);
});
