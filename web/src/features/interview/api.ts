import type * as z from 'zod';
import type { applyThroughLink, getApplyLink, getInterview, startAnswer, submitAnswer } from '../../../../lambdas/contracts/interview';
import { api } from '../../api/client';
import type { PartUrlSource, UploadedPart } from './multipart-upload';

export type Interview = z.infer<typeof getInterview.response>;
export type ApplyPage = z.infer<typeof getApplyLink.response>;
export type StartedAnswer = z.infer<typeof startAnswer.response>;

export const interviewPath = (token: string) => `/interviews/${encodeURIComponent(token)}`;

export const startAnswerCall = (token: string, questionIndex: number, contentType: string) =>
  api.post<StartedAnswer>(`${interviewPath(token)}/answers`, { questionIndex, contentType });

export const partUrlSource = (token: string, answerId: string): PartUrlSource => ({
  partUrls: async (partNumbers) =>
    (await api.post<{ parts: { partNumber: number; uploadUrl: string }[] }>(`${interviewPath(token)}/answers/${answerId}/part-urls`, { partNumbers }))
      .parts,
});

export const submitAnswerCall = (token: string, answerId: string, parts: UploadedPart[]) =>
  api.put<z.infer<typeof submitAnswer.response>>(`${interviewPath(token)}/answers/${answerId}/submission`, { parts });

export const applyCall = (linkId: string, candidateName: string, email: string) =>
  api.post<z.infer<typeof applyThroughLink.response>>(`/apply-links/${encodeURIComponent(linkId)}/candidates`, { candidateName, email });
