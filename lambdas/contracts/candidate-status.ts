import { EVALUATION_ACTIONS, type CandidateStatus, type EvaluationAction } from './vocabulary';

/**
 * Spec §4's evaluation table over the candidate's statuses (./vocabulary.ts), defined once: the
 * server applies the table (set-candidate-status), the SPA offers exactly the moves it allows (list
 * and detail). Plain data.
 */
export { CANDIDATE_STATUSES, EVALUATION_ACTIONS, type CandidateStatus, type EvaluationAction } from './vocabulary';

/** Where an action takes a candidate from a status; absent where it is not offered. */
export const evaluationTransitions: Record<EvaluationAction, Partial<Record<CandidateStatus, CandidateStatus>>> = {
  shortlist: { responded: 'shortlisted', rejected: 'shortlisted' },
  reject: { responded: 'rejected', shortlisted: 'rejected' },
  undo: { shortlisted: 'responded', rejected: 'responded' },
};

/** The status an action leads to from `current`, or null when the table does not offer it. */
export const evaluate = (current: CandidateStatus, action: EvaluationAction): CandidateStatus | null =>
  evaluationTransitions[action][current] ?? null;

/** The moves a status offers, in screen order. */
export const evaluationMoves = (current: CandidateStatus): { action: EvaluationAction; to: CandidateStatus }[] =>
  EVALUATION_ACTIONS.flatMap((action) => {
    const to = evaluate(current, action);
    return to ? [{ action, to }] : [];
  });
