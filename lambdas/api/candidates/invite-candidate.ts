import { inviteCandidate as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { apiHandler } from '../../shared/http';
import { invite } from '../../shared/invites';
import { requirePositionAccess } from '../../shared/position-access';
import { candidateSummaries } from './candidate-view';

/** One candidate: with an e-mail the invitation is sent; without, the link is returned to copy. */
export const handler = apiHandler(routes.inviteCandidate, contract, async ({ params, body, session, log }) => {
  const { position } = await requirePositionAccess(params.positionId, session.userId);
  const [candidate] = await invite(position, [body], log);
  const [summary] = await candidateSummaries([candidate!]);
  return summary!;
});
