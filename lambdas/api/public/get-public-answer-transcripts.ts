import { getPublicAnswerTranscripts as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { candidateTranscripts, SHARING_OFF } from '../../app/review/answers';
import { candidateIdOfPublicId, getCandidate } from '../../shared/db/candidates';
import { notFound } from '../../shared/errors';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.getPublicAnswerTranscripts, contract, async ({ params }) => {
  const candidateId = await candidateIdOfPublicId(params.publicCandidateId);
  const candidate = candidateId ? await getCandidate(candidateId) : null;
  if (!candidate || candidate.publicCandidateId !== params.publicCandidateId) throw notFound(SHARING_OFF, 'sharing_off');
  return candidateTranscripts(candidate);
});
