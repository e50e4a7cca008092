import { interviewHref } from '../../platform/app-origin';
import { batchReads, itemRead, readBatch } from '../../data/batch-get';
import type { NewCandidate } from '../../data/candidates/invites';
import { getCompany, type Company } from '../../data/companies';
import { keys } from '../../data/keys';
import { positionFromItem, type Position } from '../../data/positions';
import { consumeRateLimit } from '../../data/rate-limits';
import { conflict, HttpError, notFound, tooManyRequests } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { APPLY_LINK_NOT_FOUND } from '../access/interview';
import { branding } from '../companies/branding';
import { invite } from '../invitations/invite';

/** Applications per link per hour: generous for a real job posting, a brake on scripted credit burning. */
const APPLICATIONS_PER_HOUR = 120;

const NOT_TAKING_APPLICATIONS = 'This position is not taking applications at the moment.';
const ALREADY_APPLIED = 'You have already applied for this position. Use the link in the e-mail we sent you to continue.';

/** What an apply link item names: its position and that position's company (written with the link). */
const readLink = (linkId: string) =>
  readBatch(
    itemRead(keys.applyLink(linkId), (item) => ({
      positionId: typeof item.positionId === 'string' ? item.positionId : null,
      companyId: typeof item.companyId === 'string' ? item.companyId : null,
    })),
  );

/** The link's position, if the link is still its link. */
const linked = (position: Position | null, linkId: string) => (position?.applyLinkId === linkId ? position : null);

/** The position's company: the one read by the link's id alongside the position, or (a link that did not name it) read now. */
const companyOf = async (position: Position, link: { companyId: string | null }, read: Company | null) =>
  link.companyId === position.companyId ? read : getCompany(position.companyId);

/**
 * The public apply page: the company's branding, the position's title, and whether it takes
 * applications. The link names both, so the position and the company are read together after it.
 */
export const applyLinkPage = async (linkId: string) => {
  const link = await readLink(linkId);
  if (!link?.positionId) throw notFound(APPLY_LINK_NOT_FOUND, 'apply_link_not_found');
  const [read, companyRead] = await Promise.all([
    readBatch(itemRead(keys.position(link.positionId), positionFromItem)),
    link.companyId ? getCompany(link.companyId) : null,
  ]);
  const position = linked(read, linkId);
  const company = position ? await companyOf(position, link, companyRead) : null;
  if (!position || !company) throw notFound(APPLY_LINK_NOT_FOUND, 'apply_link_not_found');
  return { ...(await branding(company, position.jobTitle)), open: position.currentStatus === 'open' };
};

/**
 * Applying through a public link creates the candidate like an invite (a credit, the invitation
 * e-mail with their personal link) and hands the interview straight back. An address applies once.
 * The link names its position and company, so once it is read the rate limit, the position with
 * the applicant's address (one BatchGetItem) and the company go together: two rounds of reads
 * before the candidate's transaction. The rate limit counts every application to a link that
 * exists; the refusals come in the same order as ever (unknown link, closed, too many, applied).
 */
export const applyThroughLink = async (linkId: string, applicant: NewCandidate & { email: string }, log: Logger) => {
  const link = await readLink(linkId);
  if (!link?.positionId) throw notFound(APPLY_LINK_NOT_FOUND, 'apply_link_not_found');
  const [allowed, [read, applied], companyRead] = await Promise.all([
    consumeRateLimit('apply', linkId, APPLICATIONS_PER_HOUR, 3600),
    readBatch(
      batchReads(
        itemRead(keys.position(link.positionId), positionFromItem),
        itemRead(keys.candidateEmail(link.positionId, applicant.email), () => true),
      ),
      { consistent: true },
    ),
    link.companyId ? getCompany(link.companyId) : null,
  ]);
  const position = linked(read, linkId);
  if (!position) throw notFound(APPLY_LINK_NOT_FOUND, 'apply_link_not_found');
  if (position.currentStatus !== 'open') throw conflict(NOT_TAKING_APPLICATIONS, 'position_closed');
  if (!allowed) throw tooManyRequests('Too many applications right now. Please try again in a little while.');
  if (applied) throw conflict(ALREADY_APPLIED, 'already_applied');
  const company = await companyOf(position, link, companyRead);
  try {
    // Apply-link candidates get the position's timing adjustment for them (issue 25).
    const [candidate] = await invite(position, company, [{ ...applicant, timing: position.candidateTiming.applyLinkDefault }], log);
    return { interviewToken: candidate!.interviewToken, interviewHref: await interviewHref(candidate!.interviewToken) };
  } catch (error) {
    // The company's plan is not the applicant's business.
    if (error instanceof HttpError && error.status === 402) throw conflict(NOT_TAKING_APPLICATIONS, 'not_accepting');
    // Two applications from one address at once: the other one got there first.
    if (error instanceof HttpError && error.code === 'already_invited') throw conflict(ALREADY_APPLIED, 'already_applied');
    throw error;
  }
};
