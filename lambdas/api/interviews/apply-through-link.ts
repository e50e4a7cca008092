import { applyThroughLink as contract } from '../../contracts/interview';
import { routes } from '../../routes';
import { hasCandidateWithEmail } from '../../shared/db/candidates';
import { getPositionByApplyLink } from '../../shared/db/positions';
import { consumeRateLimit } from '../../shared/db/rate-limits';
import { conflict, HttpError, notFound, tooManyRequests } from '../../shared/errors';
import { apiHandler } from '../../shared/http';
import { APPLY_LINK_NOT_FOUND } from '../../app/access/interview';
import { interviewHref } from '../../shared/app-origin';
import { invite } from '../../app/invitations/invite';

/** Applications per link per hour: generous for a real job posting, a brake on scripted credit burning. */
const APPLICATIONS_PER_HOUR = 120;

/**
 * Applying through a public link creates the candidate like an invite (a credit, the invitation
 * e-mail with their personal link) and hands the interview straight back. An address applies once.
 */
export const handler = apiHandler(routes.applyThroughLink, contract, async ({ params, body, log }) => {
  const position = await getPositionByApplyLink(params.linkId);
  if (!position) throw notFound(APPLY_LINK_NOT_FOUND, 'apply_link_not_found');
  if (position.currentStatus !== 'open') throw conflict('This position is not taking applications at the moment.', 'position_closed');
  if (!(await consumeRateLimit('apply', params.linkId, APPLICATIONS_PER_HOUR, 3600))) {
    throw tooManyRequests('Too many applications right now. Please try again in a little while.');
  }
  if (await hasCandidateWithEmail(position.positionId, body.email)) {
    throw conflict('You have already applied for this position. Use the link in the e-mail we sent you to continue.', 'already_applied');
  }
  try {
    const [candidate] = await invite(position, [body], log);
    return { interviewToken: candidate!.interviewToken, interviewHref: await interviewHref(candidate!.interviewToken) };
  } catch (error) {
    // The company's plan is not the applicant's business.
    if (error instanceof HttpError && error.status === 402)
      throw conflict('This position is not taking applications at the moment.', 'not_accepting');
    throw error;
  }
});
