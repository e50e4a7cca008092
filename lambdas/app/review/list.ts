import { CANDIDATE_PAGE_SIZE } from '../../contracts/candidate';
import type { CandidateStatus } from '../../contracts/candidate-status';
import { getCandidate, type Candidate } from '../../data/candidates/candidate';
import { listByScore, listCandidates, listDone, searchCandidates } from '../../data/candidates/lists';
import { scoredByMember } from '../../data/candidates/scorecards';
import { listedScore, SCORABLE_STATUSES } from '../../domain/scorecards';
import { requirePositionAccess } from '../access/position';
import { candidateSummaries } from './candidate-summary';

/** Pages of 12 until (and including) the page that holds `through`, so a reload lands where the member was. */
const MAX_PAGES_THROUGH = 40;

export interface CandidateListQuery {
  tab: CandidateStatus | 'done';
  searchText?: string;
  after?: string;
  through?: string;
  /** `score`: the tab's scored candidates, highest mean first (issue 27). */
  sort?: 'newest' | 'score';
}

/**
 * A page of a position's candidates: a tab (one Query on GSI2), `done` (one Query on GSI3) or a
 * search (one Query of the position's search items and a BatchGet of the candidates found, which
 * pages by the ids). A tab's `after` and `through` candidates are read alongside the access check;
 * thumbnails come in one BatchGet for the page.
 */
export const listCandidatesPage = async (positionId: string, userId: string, query: CandidateListQuery) => {
  const searching = Boolean(query.searchText);
  const {
    position,
    read: [after, through],
  } = await requirePositionAccess(positionId, userId, () =>
    Promise.all([query.after && !searching ? getCandidate(query.after) : null, query.through && !searching ? getCandidate(query.through) : null]),
  );

  let page: { candidates: Candidate[]; hasMore: boolean };
  if (query.searchText) {
    page = await searchCandidates(position.positionId, query.searchText, {
      pageSize: CANDIDATE_PAGE_SIZE,
      after: query.after,
      through: query.through,
    });
  } else {
    const next = (from?: Candidate) =>
      query.sort === 'score'
        ? listByScore(position.positionId, query.tab === 'done' ? SCORABLE_STATUSES : [query.tab], CANDIDATE_PAGE_SIZE, from)
        : query.tab === 'done'
          ? listDone(position.positionId, CANDIDATE_PAGE_SIZE, from)
          : listCandidates(position.positionId, query.tab, CANDIDATE_PAGE_SIZE, from);
    page = await next(after ?? undefined);
    for (let i = 1; through && i < MAX_PAGES_THROUGH && page.hasMore && !page.candidates.some((c) => c.candidateId === through.candidateId); i++) {
      const more = await next(page.candidates[page.candidates.length - 1]);
      page = { candidates: [...page.candidates, ...more.candidates], hasMore: more.hasMore };
    }
  }
  // Sorted by score, each card says its score (issue 43): the member's own scorecards read alongside the thumbnails.
  const byScore = query.sort === 'score' && !searching;
  const [summaries, mine] = await Promise.all([
    candidateSummaries(page.candidates),
    byScore ? scoredByMember(page.candidates.map((c) => c.candidateId), userId) : null,
  ]);
  return {
    candidates: mine
      ? summaries.map((summary, i) => ({ ...summary, score: listedScore(page.candidates[i]!.score, mine.has(summary.candidateId)) }))
      : summaries,
    hasMore: page.hasMore,
  };
};
