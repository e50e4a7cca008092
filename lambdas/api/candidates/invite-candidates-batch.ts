import { inviteCandidatesBatch as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { apiHandler } from '../../shared/http';
import { invite } from '../../app/invitations/invite';
import { requirePositionAccess } from '../../app/access/position';
import { candidateSummaries } from '../../app/review/candidate-summary';

/** Bulk invites from a CSV: credits are checked for the whole list before any candidate is created. */
export const handler = apiHandler(routes.inviteCandidatesBatch, contract, async ({ params, body, session, log }) => {
  const { position } = await requirePositionAccess(params.positionId, session.userId);
  const candidates = await invite(position, body.newCandidates, log);
  return { candidates: await candidateSummaries(candidates) };
});
