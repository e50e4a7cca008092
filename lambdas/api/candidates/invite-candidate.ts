import { inviteCandidate as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { apiHandler } from '../../shared/http';
import { invite } from '../../app/invitations/invite';
import { requirePositionAccess } from '../../app/access/position';
import { candidateSummaries } from '../../app/review/candidate-summary';

/** One candidate: with an e-mail the invitation is sent; without, the link is returned to copy. */
export const handler = apiHandler(routes.inviteCandidate, contract, async ({ params, body, session, log }) => {
  const { position } = await requirePositionAccess(params.positionId, session.userId);
  const [candidate] = await invite(position, [body], log);
  const [summary] = await candidateSummaries([candidate!]);
  return summary!;
});
