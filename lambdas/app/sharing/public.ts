import { candidateIdOfPublicId, getCandidate, type Candidate } from '../../shared/db/candidates';
import { getCompany } from '../../shared/db/companies';
import { notFound } from '../../shared/errors';
import { alongside } from '../access/alongside';
import { branding } from '../companies/branding';
import { candidateTranscripts, publicAnswers, SHARING_OFF } from '../review/answers';

/**
 * A shared candidate's public page, for anyone with the link: the public id is the only
 * credential, and a link that is off (or was never on) is a 404 with one message.
 */
const sharedCandidate = async (publicCandidateId: string): Promise<Candidate> => {
  const candidateId = await candidateIdOfPublicId(publicCandidateId);
  const candidate = candidateId ? await getCandidate(candidateId) : null;
  if (!candidate || candidate.publicCandidateId !== publicCandidateId) throw notFound(SHARING_OFF, 'sharing_off');
  return candidate;
};

/** Name, position, the company's branding, questions and answers, nothing else. The company and the answers are read together. */
export const publicCandidate = async (publicCandidateId: string) => {
  const candidate = await sharedCandidate(publicCandidateId);
  const company = getCompany(candidate.companyId).then((found) => {
    if (!found) throw notFound(SHARING_OFF, 'sharing_off');
    return branding(found, candidate.jobTitle);
  });
  const [{ companyName, theme, logoHref }, answers] = await alongside(company, publicAnswers(candidate));
  return {
    candidateName: candidate.candidateName,
    jobTitle: candidate.jobTitle,
    companyName,
    theme,
    logoHref,
    questions: candidate.interview.questions.map((q) => ({ title: q.title ?? null, content: q.content ?? null })),
    answers,
  };
};

export const publicTranscripts = async (publicCandidateId: string) => candidateTranscripts(await sharedCandidate(publicCandidateId));
