import type { CandidateSummary, EvaluationAction } from '../../api/candidates';

type Status = CandidateSummary['currentStatus'];

/** Spec §4's transition table: the evaluation actions each status offers, and where they lead. */
export const EVALUATION_ACTIONS: Record<Status, { action: EvaluationAction; label: string; to: Status }[]> = {
  invited: [],
  responded: [
    { action: 'shortlist', label: 'Shortlist', to: 'shortlisted' },
    { action: 'reject', label: 'Reject', to: 'rejected' },
  ],
  shortlisted: [
    { action: 'undo', label: 'Undo', to: 'responded' },
    { action: 'reject', label: 'Reject', to: 'rejected' },
  ],
  rejected: [
    { action: 'undo', label: 'Undo', to: 'responded' },
    { action: 'shortlist', label: 'Shortlist', to: 'shortlisted' },
  ],
};
