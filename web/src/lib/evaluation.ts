import { CANDIDATE_STATUSES, evaluationMoves, type CandidateStatus, type EvaluationAction } from '../../../lambdas/contracts/candidate-status';

const LABELS: Record<EvaluationAction, string> = { shortlist: 'Shortlist', reject: 'Reject', undo: 'Undo' };

/** Spec §4's transition table (lambdas/contracts/candidate-status.ts): the evaluation actions each status offers, and where they lead. */
export const EVALUATION_ACTIONS = Object.fromEntries(
  CANDIDATE_STATUSES.map((status) => [status, evaluationMoves(status).map((move) => ({ ...move, label: LABELS[move.action] }))]),
) as Record<CandidateStatus, { action: EvaluationAction; label: string; to: CandidateStatus }[]>;
