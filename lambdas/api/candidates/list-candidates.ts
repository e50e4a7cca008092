import { CANDIDATE_PAGE_SIZE, listCandidates as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { getCandidate, listCandidates } from '../../shared/db/candidates';
import { apiHandler } from '../../shared/http';
import { requirePositionAccess } from '../../shared/position-access';
import { candidateSummaries } from './candidate-view';

/** One status tab, 12 a page: one Query (plus one BatchGet for the thumbnails), whatever the position's size. */
export const handler = apiHandler(routes.listCandidates, contract, async ({ params, query, session }) => {
  const { position } = await requirePositionAccess(params.positionId, session!.userId);
  const after = query.after ? await getCandidate(query.after) : null;
  const page = await listCandidates(position.positionId, query.tab, CANDIDATE_PAGE_SIZE, after ?? undefined);
  return { candidates: await candidateSummaries(page.candidates), hasMore: page.hasMore };
});
