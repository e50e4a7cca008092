import { reinviteCandidate as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { reinviteCandidate } from '../../app/invitations/invite-candidates';
import { apiHandlerAlongsideAuth } from '../../shared/http';

/** Resends an invitation with a fresh deadline (the card moves to the top of the Invited tab). */
export const handler = apiHandlerAlongsideAuth(routes.reinviteCandidate, contract, async ({ params, session, log }) =>
  reinviteCandidate(params.candidateId, session, log),
);
