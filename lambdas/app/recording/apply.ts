import { interviewHref } from '../../shared/app-origin';
import { hasCandidateWithEmail, type NewCandidate } from '../../shared/db/candidates';
import { getCompany } from '../../shared/db/companies';
import { getPositionByApplyLink } from '../../shared/db/positions';
import { consumeRateLimit } from '../../shared/db/rate-limits';
import { conflict, HttpError, notFound, tooManyRequests } from '../../shared/errors';
import type { Logger } from '../../shared/logger';
import { APPLY_LINK_NOT_FOUND } from '../access/interview';
import { branding } from '../companies/branding';
import { invite } from '../invitations/invite';

/** Applications per link per hour: generous for a real job posting, a brake on scripted credit burning. */
const APPLICATIONS_PER_HOUR = 120;

const NOT_TAKING_APPLICATIONS = 'This position is not taking applications at the moment.';
const ALREADY_APPLIED = 'You have already applied for this position. Use the link in the e-mail we sent you to continue.';

/** The public apply page: the company's branding, the position's title, and whether it takes applications. */
export const applyLinkPage = async (linkId: string) => {
  const position = await getPositionByApplyLink(linkId);
  const company = position ? await getCompany(position.companyId) : null;
  if (!position || !company) throw notFound(APPLY_LINK_NOT_FOUND, 'apply_link_not_found');
  return { ...(await branding(company, position.jobTitle)), open: position.currentStatus === 'open' };
};

/**
 * Applying through a public link creates the candidate like an invite (a credit, the invitation
 * e-mail with their personal link) and hands the interview straight back. An address applies once.
 * Once the link's position is known, the rate limit, the e-mail check and the company go together.
 */
export const applyThroughLink = async (linkId: string, applicant: NewCandidate & { email: string }, log: Logger) => {
  const position = await getPositionByApplyLink(linkId);
  if (!position) throw notFound(APPLY_LINK_NOT_FOUND, 'apply_link_not_found');
  if (position.currentStatus !== 'open') throw conflict(NOT_TAKING_APPLICATIONS, 'position_closed');
  const [allowed, applied, company] = await Promise.all([
    consumeRateLimit('apply', linkId, APPLICATIONS_PER_HOUR, 3600),
    hasCandidateWithEmail(position.positionId, applicant.email),
    getCompany(position.companyId),
  ]);
  if (!allowed) throw tooManyRequests('Too many applications right now. Please try again in a little while.');
  if (applied) throw conflict(ALREADY_APPLIED, 'already_applied');
  try {
    const [candidate] = await invite(position, company, [applicant], log);
    return { interviewToken: candidate!.interviewToken, interviewHref: await interviewHref(candidate!.interviewToken) };
  } catch (error) {
    // The company's plan is not the applicant's business.
    if (error instanceof HttpError && error.status === 402) throw conflict(NOT_TAKING_APPLICATIONS, 'not_accepting');
    // Two applications from one address at once: the other one got there first.
    if (error instanceof HttpError && error.code === 'already_invited') throw conflict(ALREADY_APPLIED, 'already_applied');
    throw error;
  }
};
