import { inviteCandidate as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { inviteCandidate } from '../../app/invitations/invite-candidates';
import { apiHandlerAlongsideAuth } from '../../shared/http';

/** One candidate: with an e-mail the invitation is sent; without, the link is returned to copy. */
export const handler = apiHandlerAlongsideAuth(routes.inviteCandidate, contract, async ({ params, body, session, log }) =>
  inviteCandidate(params.positionId, session, body, log),
);
