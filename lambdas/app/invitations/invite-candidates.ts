import { inviteExpiry } from '../../domain/candidates';
import { getUser } from '../../shared/db/accounts';
import { AnswerRefused, renewInvite, type NewCandidate } from '../../shared/db/candidates';
import { getCompany } from '../../shared/db/companies';
import { conflict, notFound } from '../../shared/errors';
import type { Logger } from '../../shared/logger';
import { alongside } from '../access/alongside';
import { requireCandidateAccess } from '../access/candidate';
import { requirePositionAccess } from '../access/position';
import { candidateSummaries } from '../review/candidate-summary';
import { invite, messages, sendInvitations } from './invite';

/**
 * The team's invitations (spec §2 Candidates view): single and bulk invites, a preview to oneself,
 * and a reinvite. The company is read alongside the access check.
 */

/** Invites people to a position (credits are checked for the whole list before any candidate is created); their summaries. */
export const inviteCandidates = async (positionId: string, userId: string, people: NewCandidate[], log: Logger) => {
  const { position, read: company } = await requirePositionAccess(positionId, userId, (p) => getCompany(p.companyId));
  return candidateSummaries(await invite(position, company, people, log));
};

/** One candidate: with an e-mail the invitation is sent; without, the link is returned to copy. */
export const inviteCandidate = async (positionId: string, userId: string, person: NewCandidate, log: Logger) => {
  const [summary] = await inviteCandidates(positionId, userId, [person], log);
  return summary!;
};

/** "Send yourself a preview": the real invitation and a practice interview, no credit spent, never listed. */
export const sendPreviewInvite = async (positionId: string, userId: string, log: Logger) => {
  const [{ position, read: company }, user] = await alongside(
    requirePositionAccess(positionId, userId, (p) => getCompany(p.companyId)),
    getUser(userId),
  );
  if (!user) throw notFound('User not found.');
  await invite(position, company, [{ candidateName: user.email, email: user.email }], log, { preview: true, sendTo: user.email });
  return { email: user.email };
};

const NOT_INVITED = 'Only candidates who have not responded yet can be invited again.';

/** Resends an invitation with a fresh deadline (the card moves to the top of the Invited tab). */
export const reinviteCandidate = async (candidateId: string, userId: string, log: Logger) => {
  const { candidate, position, read: company } = await requireCandidateAccess(candidateId, userId, (c) => getCompany(c.companyId));
  if (position.currentStatus !== 'open') throw conflict(messages.closed, 'position_closed');
  if (candidate.currentStatus !== 'invited') throw conflict(NOT_INVITED, 'not_invited');
  if (!company) throw notFound('Company not found.');
  let renewed;
  try {
    renewed = await renewInvite(candidate, inviteExpiry(position.invitesExpireAfter, new Date()));
  } catch (error) {
    if (error instanceof AnswerRefused) throw conflict(NOT_INVITED, 'not_invited');
    throw error;
  }
  await sendInvitations([renewed], company, position.jobTitle, log);
  const [summary] = await candidateSummaries([renewed]);
  return summary!;
};
