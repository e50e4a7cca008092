import { inviteCandidatesBatch as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { inviteCandidates } from '../../app/invitations/invite-candidates';
import { apiHandlerAlongsideAuth } from '../../shared/http';

/** Bulk invites from a CSV: credits are checked for the whole list before any candidate is created. */
export const handler = apiHandlerAlongsideAuth(routes.inviteCandidatesBatch, contract, async ({ params, body, session, log }) => ({
  candidates: await inviteCandidates(params.positionId, session, body.newCandidates, log),
}));
