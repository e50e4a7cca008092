import type * as z from 'zod';
import type {
  answerPackageSchema,
  answerTranscriptsSchema,
  candidateSummarySchema,
  exportCandidates,
  getCandidate,
  getCandidateAccessStatus,
  getPublicCandidate,
  inviteCandidatesBatch,
  listCandidates,
  rateAnswer as rateContract,
  reinviteCandidate as reinviteContract,
  sendPreviewInvite,
  setCandidateStatus as statusContract,
  sharingDetailsSchema,
} from '../../../lambdas/contracts/candidate';
import type { EvaluationAction } from '../../../lambdas/contracts/candidate-status';
import { POLL_INTERVAL_MS } from '../config/constants';
import { api } from './client';
import { useApi, usePagedApi, usePublicApi } from './use-api';

export type CandidateSummary = z.infer<typeof candidateSummarySchema>;
export type CandidatePage = z.infer<typeof listCandidates.response>;
export type CandidateTab = CandidateSummary['currentStatus'];
export interface NewCandidate {
  candidateName: string;
  email: string | null;
}

const candidatesPath = (positionId: string) => `/positions/${positionId}/candidates`;

export type CandidateDetail = z.infer<typeof getCandidate.response>;
export type Answer = CandidateDetail['answers'][number];
export type AnswerTranscripts = z.infer<typeof answerTranscriptsSchema>;
export type AnswerPackage = z.infer<typeof answerPackageSchema>;
export type SharingDetails = z.infer<typeof sharingDetailsSchema>;
export type PublicCandidate = z.infer<typeof getPublicCandidate.response>;
export type { EvaluationAction };
export type ExportRow = z.infer<typeof exportCandidates.response>['rows'][number];

/** What a list shows: a status tab (`done` = every responded one, without evaluation) or a search across them all. */
export interface ListQuery {
  tab: CandidateTab | 'done';
  searchText?: string;
  /** On the first load only: every page up to this candidate (a reload keeps the place). */
  through?: string;
}

const listKey = (positionId: string, { tab, searchText, through }: ListQuery, after?: string) => {
  const query = new URLSearchParams(searchText ? { search_text: searchText } : { tab });
  if (after) query.set('after', after);
  else if (through) query.set('through', through);
  return `${candidatesPath(positionId)}?${query.toString()}`;
};

/** A list, page by page ("Load more" asks for the page after the last card). */
export const useCandidatePages = (positionId: string, list: ListQuery) =>
  usePagedApi<CandidatePage>(
    (previous) =>
      previous && !previous.hasMore ? null : listKey(positionId, list, previous?.candidates[previous.candidates.length - 1]?.candidateId),
    { revalidateFirstPage: true },
  );

/** An answer whose video or captions are still being made (the detail and public pages poll meanwhile). */
const preparing = (answers: { video: Pick<Answer['video'], 'uploadStatus' | 'captions'> }[] | undefined) =>
  Boolean(
    answers?.some(
      (a) => a.video.uploadStatus === 'processing' || a.video.uploadStatus === 'uploading' || a.video.captions.captionsStatus === 'preparing',
    ),
  );
const transcribing = (transcripts: AnswerTranscripts | undefined) =>
  Boolean(transcripts?.answerTranscripts.some((t) => ['none', 'created', 'submitted'].includes(t.transcriptStatus)));

/** The candidate, re-fetched every 5 seconds only while an answer is still being prepared (spec §4). */
export const useCandidate = (candidateId: string) =>
  useApi<CandidateDetail>(`/candidates/${candidateId}`, { refreshInterval: (data) => (preparing(data?.answers) ? POLL_INTERVAL_MS : 0) });

/** Transcripts, re-fetched every 5 seconds while one is still being transcribed. */
export const useTranscripts = (candidateId: string) =>
  useApi<AnswerTranscripts>(`/candidates/${candidateId}/answer-transcripts`, {
    refreshInterval: (data) => (transcribing(data) ? POLL_INTERVAL_MS : 0),
  });

export const usePublicCandidate = (publicCandidateId: string) =>
  usePublicApi<PublicCandidate>(`/public-candidates/${publicCandidateId}`, {
    refreshInterval: (data) => (preparing(data?.answers) ? POLL_INTERVAL_MS : 0),
  });

export const usePublicTranscripts = (publicCandidateId: string) =>
  usePublicApi<AnswerTranscripts>(`/public-candidates/${publicCandidateId}/answer-transcripts`, {
    refreshInterval: (data) => (transcribing(data) ? POLL_INTERVAL_MS : 0),
  });

/** The public link; a 404 error means sharing is off. */
export const useSharingDetails = (candidateId: string) =>
  useApi<SharingDetails>(`/candidates/${candidateId}/my-sharing-details`, { shouldRetryOnError: false });

export const accessStatus = (candidateOrPublicId: string) =>
  api.get<z.infer<typeof getCandidateAccessStatus.response>>(`/candidates/${candidateOrPublicId}/access-status`);
export const evaluateCandidate = (candidateId: string, action: EvaluationAction) =>
  api.put<z.infer<typeof statusContract.response>>(`/candidates/${candidateId}/${action}`);
export const rateAnswer = (answerId: string, newRating: number) =>
  api.put<z.infer<typeof rateContract.response>>(`/answers/${answerId}/rating`, { newRating });
export const createAnswerPackage = (candidateId: string) => api.post<AnswerPackage>(`/candidates/${candidateId}/answer-package`);
export const createSharing = (candidateId: string) => api.post<SharingDetails>(`/candidates/${candidateId}/sharing-details`);
export const deleteSharing = (publicCandidateId: string) => api.del<void>(`/sharing-public-candidate-ids/${publicCandidateId}`);
export const exportCandidateRows = async (positionId: string) =>
  (await api.get<z.infer<typeof exportCandidates.response>>(`/positions/${positionId}/candidates-export`)).rows;

export const inviteCandidate = (positionId: string, candidate: NewCandidate) => api.post<CandidateSummary>(candidatesPath(positionId), candidate);
export const inviteCandidates = (positionId: string, newCandidates: NewCandidate[]) =>
  api.post<z.infer<typeof inviteCandidatesBatch.response>>(`${candidatesPath(positionId)}/batch`, { newCandidates });
export const sendPreview = (positionId: string) => api.post<z.infer<typeof sendPreviewInvite.response>>(`/positions/${positionId}/preview-invite`);
export const reinviteCandidate = (candidateId: string) => api.put<z.infer<typeof reinviteContract.response>>(`/candidates/${candidateId}/reinvite`);
export const deleteCandidate = (candidateId: string) => api.put<{ candidateId: string }>(`/candidates/${candidateId}/delete`);
