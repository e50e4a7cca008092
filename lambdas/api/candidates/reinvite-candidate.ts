import { reinviteCandidate as contract } from '../../contracts/candidate';
import { inviteExpiry } from '../../domain/candidates';
import { routes } from '../../routes';
import { requireCandidateAccess } from '../../app/access/candidate';
import { AnswerRefused, renewInvite } from '../../shared/db/candidates';
import { getCompany } from '../../shared/db/companies';
import { conflict, notFound } from '../../shared/errors';
import { apiHandler } from '../../shared/http';
import { messages, sendInvitations } from '../../app/invitations/invite';
import { candidateSummaries } from '../../app/review/candidate-summary';

/** Resends an invitation with a fresh deadline (the card moves to the top of the Invited tab). */
export const handler = apiHandler(routes.reinviteCandidate, contract, async ({ params, session, log }) => {
  const { candidate, position } = await requireCandidateAccess(params.candidateId, session.userId);
  if (position.currentStatus !== 'open') throw conflict(messages.closed, 'position_closed');
  if (candidate.currentStatus !== 'invited') throw conflict('Only candidates who have not responded yet can be invited again.', 'not_invited');
  const company = await getCompany(position.companyId);
  if (!company) throw notFound('Company not found.');
  let renewed;
  try {
    renewed = await renewInvite(candidate, inviteExpiry(position.invitesExpireAfter, new Date()));
  } catch (error) {
    if (error instanceof AnswerRefused) throw conflict('Only candidates who have not responded yet can be invited again.', 'not_invited');
    throw error;
  }
  await sendInvitations([renewed], company, position.jobTitle, log);
  const [summary] = await candidateSummaries([renewed]);
  return summary!;
});
