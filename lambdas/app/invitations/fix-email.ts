import { inviteExpiry } from '../../domain/candidates';
import { CandidateEmailTaken } from '../../data/candidates/emails';
import { changeInviteEmail, InviteChanged } from '../../data/candidates/invites';
import { getCompany } from '../../data/companies';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Caller } from '../access/caller';
import { requireCandidateAccess } from '../access/candidate';
import { candidateSummaries } from '../review/candidate-summary';
import { messages, sendInvitations } from './invite';

export const fixEmailMessages = {
  notInvited: 'Only candidates who have not responded yet can get the invitation at another address.',
  noEmail: 'This candidate was invited by link, without an e-mail address: invite them again by e-mail instead.',
  same: 'That is already the candidate’s address. Enter the corrected address.',
  taken: (email: string) => `${email} is already invited to this position.`,
};

/**
 * "Fix e-mail and resend" (issue 26): an invited candidate whose invitation bounced gets the
 * corrected address and the invitation again, with a fresh deadline as a reinvite has, and spends no
 * credit (it is the same invitation). The same access as reinviting; the address change and its
 * uniqueness in the position are one transaction (data/candidates/invites.ts changeInviteEmail).
 */
export const fixCandidateEmail = async (candidateId: string, email: string, caller: Caller, log: Logger) => {
  const { candidate, position, read: company } = await requireCandidateAccess(candidateId, caller, (c) => getCompany(c.companyId));
  if (position.currentStatus !== 'open') throw conflict(messages.closed, 'position_closed');
  if (candidate.currentStatus !== 'invited') throw conflict(fixEmailMessages.notInvited, 'not_invited');
  if (candidate.email === null) throw conflict(fixEmailMessages.noEmail, 'no_email');
  if (candidate.email.trim().toLowerCase() === email.trim().toLowerCase()) throw badRequest(fixEmailMessages.same, 'same_email');
  if (!company) throw notFound('Company not found.');
  let changed;
  try {
    changed = await changeInviteEmail(candidate, email, inviteExpiry(position.invitesExpireAfter, new Date()));
  } catch (error) {
    if (error instanceof CandidateEmailTaken) throw conflict(fixEmailMessages.taken(email), 'already_invited');
    if (error instanceof InviteChanged) throw conflict(fixEmailMessages.notInvited, 'not_invited');
    throw error;
  }
  log.info('candidate e-mail fixed', { candidateId, positionId: candidate.positionId });
  const mailed = await sendInvitations([changed], company, position.jobTitle, log);
  const [summary] = await candidateSummaries(mailed);
  return summary!;
};
