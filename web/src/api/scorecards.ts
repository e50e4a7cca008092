import type * as z from 'zod/mini';
import type { candidateScorecardsSchema, criterionSchema, CriterionInput } from '../../../lambdas/contracts/scorecard';
import { apiPath, callApi } from './client';
import { useApi } from './use-api';

/** Scorecards (issue 27): a position's criteria, and each reviewer's scores of a candidate. */
export type Criterion = z.infer<typeof criterionSchema>;
export type CandidateScorecards = z.infer<typeof candidateScorecardsSchema>;
export type Scorecard = NonNullable<CandidateScorecards['mine']>;
export type { CriterionInput };

export const positionScorecardPath = (positionId: string) => apiPath('getPositionScorecard', { positionId });
export const candidateScorecardsPath = (candidateId: string) => apiPath('getCandidateScorecards', { candidateId });

/** The position's criteria (none: no scorecard). */
export const usePositionScorecard = (positionId: string) => useApi(positionScorecardPath(positionId));

/** Colleagues score while the page is open: their scorecards are read again this often, and when the window regains focus (issue 43). */
export const SCORECARDS_REFRESH_MS = 15_000;

/** What the signed-in member may see of a candidate's scorecards (others' only once theirs is in), kept current as colleagues submit. */
export const useCandidateScorecards = (candidateId: string) =>
  useApi(candidateScorecardsPath(candidateId), { refreshInterval: SCORECARDS_REFRESH_MS, revalidateOnFocus: true });

export const savePositionScorecard = (positionId: string, criteria: CriterionInput[]) =>
  callApi('updatePositionScorecard', { params: { positionId }, body: { criteria } });

export const submitScorecard = (candidateId: string, scores: { criterionId: string; score: number }[], note: string | null) =>
  callApi('submitScorecard', { params: { candidateId }, body: { scores, note } });
