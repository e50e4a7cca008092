import { inviteExpiry } from '../../domain/candidates';
import { getUser } from '../../data/accounts';
import { AnswerRefused } from '../../data/candidates/candidate';
import { renewInvite, type NewCandidate } from '../../data/candidates/invites';
import { getCompany } from '../../data/companies';
import { conflict, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { alongside } from '../access/alongside';
import { callerId, type Caller } from '../access/caller';
import { requireCandidateAccess } from '../access/candidate';
import { requirePositionAccess } from '../access/position';
import { candidateSummaries } from '../review/candidate-summary';
import { invite, messages, sendInvitations } from './invite';

/**
 * The team's invitations (spec §2 Candidates view): single and bulk invites, a preview to oneself,
 * and a reinvite. The position (or candidate) is read alongside the session check, the company
 * alongside the access check: two rounds of reads before the invite's transaction.
 */

/** Invites people to a position (credits are checked for the whole list before any candidate is created); their summaries. */
export const inviteCandidates = async (positionId: string, caller: Caller, people: NewCandidate[], log: Logger) => {
  const { position, read: company } = await requirePositionAccess(positionId, caller, (p) => getCompany(p.companyId));
  return candidateSummaries(await invite(position, company, people, log));
};

/** One candidate: with an e-mail the invitation is sent; without, the link is returned to copy. */
export const inviteCandidate = async (positionId: string, caller: Caller, person: NewCandidate, log: Logger) => {
  const [summary] = await inviteCandidates(positionId, caller, [person], log);
  return summary!;
};

/** "Send yourself a preview": the real invitation and a practice interview, no credit spent, never listed. */
export const sendPreviewInvite = async (positionId: string, caller: Caller, log: Logger) => {
  const [{ position, read: company }, user] = await alongside(
    requirePositionAccess(positionId, caller, (p) => getCompany(p.companyId)),
    callerId(caller).then(getUser),
  );
  if (!user) throw notFound('User not found.');
  await invite(position, company, [{ candidateName: user.email, email: user.email }], log, { preview: true, sendTo: user.email });
  return { email: user.email };
};

const NOT_INVITED = 'Only candidates who have not responded yet can be invited again.';

/** Resends an invitation with a fresh deadline (the card moves to the top of the Invited tab). */
export const reinviteCandidate = async (candidateId: string, caller: Caller, log: Logger) => {
  const { candidate, position, read: company } = await requireCandidateAccess(candidateId, caller, (c) => getCompany(c.companyId));
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
  const mailed = await sendInvitations([renewed], company, position.jobTitle, log);
  const [summary] = await candidateSummaries(mailed);
  return summary!;
};
