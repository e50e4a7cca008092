import { inviteCandidatesBatch as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { apiHandler } from '../../shared/http';
import { invite } from '../../shared/invites';
import { requirePositionAccess } from '../../shared/position-access';
import { candidateSummaries } from './candidate-view';

/** Bulk invites from a CSV: credits are checked for the whole list before any candidate is created. */
export const handler = apiHandler(routes.inviteCandidatesBatch, contract, async ({ params, body, session, log }) => {
  const { position } = await requirePositionAccess(params.positionId, session.userId);
  const candidates = await invite(position, body.newCandidates, log);
  return { candidates: await candidateSummaries(candidates) };
});
