import { getCandidate, type Candidate } from '../../data/candidates/candidate';
import { markShareOpened, publicLinkOf, type PublicLink } from '../../data/candidates/sharing';
import { getCompany, type Company } from '../../data/companies';
import { isShareExpired } from '../../domain/sharing';
import { notFound } from '../../platform/errors';
import { overviewView } from '../../domain/summary-views';
import { alongside } from '../access/alongside';
import { branding } from '../companies/branding';
import { candidateTranscripts, publicAnswers, SHARING_OFF } from '../review/answers';

/**
 * A shared candidate's public page, for anyone with the link: the public id is the only
 * credential, and a link that is off (or was never on) is a 404 with one message.
 */
const sharingOff = () => notFound(SHARING_OFF, 'sharing_off');

/** A link past its expiry (issue 28) answers as one that is off. */
const candidateOf = async (publicCandidateId: string, link: PublicLink | null, now: Date): Promise<Candidate> => {
  const candidate = link && !isShareExpired(link.expiresAt, now) ? await getCandidate(link.candidateId) : null;
  if (!candidate || candidate.publicCandidateId !== publicCandidateId) throw sharingOff();
  return candidate;
};

const sharedCandidate = async (publicCandidateId: string, now = new Date()): Promise<Candidate> =>
  candidateOf(publicCandidateId, await publicLinkOf(publicCandidateId), now);

/**
 * Name, position, the company's branding, questions and answers, nothing else. The public id's
 * item names the company (links shared before it did: the candidate does), so the company is read
 * alongside the candidate, and then the answers' media alongside the logo. Nothing is shown unless
 * the candidate is still shared under this id, by the company that shares them, and the link has
 * not expired. The opening is recorded on the link (`lastOpenedAt`, one UpdateItem) alongside.
 */
export const publicCandidate = async (publicCandidateId: string, now = new Date()) => {
  const link = await publicLinkOf(publicCandidateId);
  const shared = candidateOf(publicCandidateId, link, now);
  const companyOf = (companyId: string): Promise<Company> =>
    getCompany(companyId).then((found) => {
      if (!found) throw sharingOff();
      return found;
    });
  const [candidate, company] = await alongside(shared, link?.companyId ? companyOf(link.companyId) : shared.then((c) => companyOf(c.companyId)));
  if (company.companyId !== candidate.companyId) throw sharingOff();
  const [{ companyName, theme, logoHref }, [answers]] = await alongside(
    branding(company, candidate.jobTitle),
    Promise.all([publicAnswers(candidate, company.summaries), markShareOpened(publicCandidateId, now)]),
  );
  return {
    candidateName: candidate.candidateName,
    jobTitle: candidate.jobTitle,
    companyName,
    theme,
    logoHref,
    questions: candidate.interview.questions.map((q) => ({ title: q.title ?? null, content: q.content ?? null })),
    answers,
    // Issue 41: only while the company shows summaries on the share page.
    summaryOverview: overviewView(candidate.summaryOverview, company.summaries, 'share'),
  };
};

export const publicTranscripts = async (publicCandidateId: string) => candidateTranscripts(await sharedCandidate(publicCandidateId));
