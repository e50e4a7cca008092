import { getPublicCandidate as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { publicAnswers, SHARING_OFF } from '../../app/review/answers';
import { candidateIdOfPublicId, getCandidate } from '../../shared/db/candidates';
import { getCompany } from '../../shared/db/companies';
import { notFound } from '../../shared/errors';
import { apiHandler } from '../../shared/http';

/** A shared candidate for anyone with the link: name, position, questions and answers, nothing else. */
export const handler = apiHandler(routes.getPublicCandidate, contract, async ({ params }) => {
  const candidateId = await candidateIdOfPublicId(params.publicCandidateId);
  const candidate = candidateId ? await getCandidate(candidateId) : null;
  const company = candidate ? await getCompany(candidate.companyId) : null;
  if (!candidate || !company || candidate.publicCandidateId !== params.publicCandidateId) throw notFound(SHARING_OFF, 'sharing_off');
  return {
    candidateName: candidate.candidateName,
    jobTitle: candidate.jobTitle,
    companyName: company.companyName,
    questions: candidate.interview.questions.map((q) => ({ title: q.title ?? null, content: q.content ?? null })),
    answers: await publicAnswers(candidate),
  };
});
