import { CANDIDATE_PAGE_SIZE, listCandidates as contract } from '../../contracts/candidate';
import { routes } from '../../routes';
import { getCandidate, listCandidates, listDone, searchCandidates, type Candidate } from '../../shared/db/candidates';
import { apiHandler } from '../../shared/http';
import { requirePositionAccess } from '../../app/access/position';
import { candidateSummaries } from '../../app/review/candidate-summary';

/** Pages of 12 until (and including) the page that holds `through`, so a reload lands where the member was. */
const MAX_PAGES_THROUGH = 40;

/**
 * A tab (one Query on GSI2), `done` (one Query on GSI3) or a search (GSI1 with a filter). Thumbnails
 * come in one BatchGet for the page.
 */
export const handler = apiHandler(routes.listCandidates, contract, async ({ params, query, session }) => {
  const { position } = await requirePositionAccess(params.positionId, session.userId);
  const [after, through] = await Promise.all([query.after ? getCandidate(query.after) : null, query.through ? getCandidate(query.through) : null]);

  let page: { candidates: Candidate[]; hasMore: boolean };
  if (query.searchText) {
    const all = await searchCandidates(position.positionId, query.searchText);
    const start = after ? all.findIndex((c) => c.candidateId === after.candidateId) + 1 : 0;
    const throughIndex = through ? all.findIndex((c) => c.candidateId === through.candidateId) : -1;
    const end = throughIndex >= start ? Math.max(throughIndex + 1, start + CANDIDATE_PAGE_SIZE) : start + CANDIDATE_PAGE_SIZE;
    page = { candidates: all.slice(start, end), hasMore: all.length > end };
  } else {
    const next = (from?: Candidate) =>
      query.tab === 'done'
        ? listDone(position.positionId, CANDIDATE_PAGE_SIZE, from)
        : listCandidates(position.positionId, query.tab, CANDIDATE_PAGE_SIZE, from);
    page = await next(after ?? undefined);
    for (let i = 1; through && i < MAX_PAGES_THROUGH && page.hasMore && !page.candidates.some((c) => c.candidateId === through.candidateId); i++) {
      const more = await next(page.candidates[page.candidates.length - 1]);
      page = { candidates: [...page.candidates, ...more.candidates], hasMore: more.hasMore };
    }
  }
  return { candidates: await candidateSummaries(page.candidates), hasMore: page.hasMore };
});
