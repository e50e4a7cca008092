import useSWRInfinite from 'swr/infinite';
import type * as z from 'zod';
import type {
  candidateSummarySchema,
  inviteCandidatesBatch,
  listCandidates,
  reinviteCandidate as reinviteContract,
  sendPreviewInvite,
} from '../../../lambdas/contracts/candidate';
import { useSessionId } from '../lib/session';
import { api } from './client';

export type CandidateSummary = z.infer<typeof candidateSummarySchema>;
export type CandidatePage = z.infer<typeof listCandidates.response>;
export type CandidateTab = CandidateSummary['currentStatus'];
export interface NewCandidate {
  candidateName: string;
  email: string | null;
}

const candidatesPath = (positionId: string) => `/positions/${positionId}/candidates`;

/** A status tab, page by page ("Load more" asks for the page after the last card). */
export const useCandidatePages = (positionId: string, tab: CandidateTab) => {
  const sessionId = useSessionId();
  return useSWRInfinite<CandidatePage>(
    (index, previous: CandidatePage | null) => {
      if (!sessionId || (previous && !previous.hasMore)) return null;
      const after = previous?.candidates[previous.candidates.length - 1]?.candidateId;
      return `${candidatesPath(positionId)}?tab=${tab}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
    },
    (key: string) => api.get<CandidatePage>(key),
    { revalidateFirstPage: true },
  );
};

export const inviteCandidate = (positionId: string, candidate: NewCandidate) => api.post<CandidateSummary>(candidatesPath(positionId), candidate);
export const inviteCandidates = (positionId: string, newCandidates: NewCandidate[]) =>
  api.post<z.infer<typeof inviteCandidatesBatch.response>>(`${candidatesPath(positionId)}/batch`, { newCandidates });
export const sendPreview = (positionId: string) => api.post<z.infer<typeof sendPreviewInvite.response>>(`/positions/${positionId}/preview-invite`);
export const reinviteCandidate = (candidateId: string) => api.put<z.infer<typeof reinviteContract.response>>(`/candidates/${candidateId}/reinvite`);
export const deleteCandidate = (candidateId: string) => api.put<{ candidateId: string }>(`/candidates/${candidateId}/delete`);
