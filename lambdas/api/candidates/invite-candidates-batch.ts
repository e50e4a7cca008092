import { inviteCandidatesBatch as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { inviteCandidates } from '../../app/invitations/invite-candidates';
import { apiHandler } from '../../shared/http';

/** Bulk invites from a CSV: credits are checked for the whole list before any candidate is created. */
export const handler = apiHandler(routes.inviteCandidatesBatch, contract, async ({ params, body, session, log }) => ({
  candidates: await inviteCandidates(params.positionId, session.userId, body.newCandidates, log),
}));
