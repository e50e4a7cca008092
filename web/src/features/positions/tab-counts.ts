import { CANDIDATE_STATUSES, type CandidateStatus } from '../../../../lambdas/contracts/vocabulary';

/**
 * A position's candidate tabs and their counts (spec §2), read by the candidates view's tabs and the
 * position card's chips alike: shortlisted and rejected are tabs only with evaluation; without it,
 * the Responded tab holds every candidate who responded, whatever became of them since.
 */
export const visibleTabs = (evaluation: boolean): CandidateStatus[] => (evaluation ? [...CANDIDATE_STATUSES] : CANDIDATE_STATUSES.slice(0, 2));

export const tabCount = (counts: Readonly<Record<CandidateStatus, number>>, tab: CandidateStatus, evaluation: boolean): number =>
  !evaluation && tab === 'responded' ? counts.responded + counts.shortlisted + counts.rejected : counts[tab];
