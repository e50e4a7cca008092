import type { exportCandidates, getCandidate, listCandidates } from '../../../lambdas/operations/candidates';
import type { getPublicCandidate } from '../../../lambdas/operations/public';
import type * as z from 'zod/mini';
import type {
  answerPackageSchema,
  answerTranscriptsSchema,
  candidateSummarySchema,
  sharingDetailsSchema,
} from '../../../lambdas/contracts/candidate';
import type { EvaluationAction } from '../../../lambdas/contracts/candidate-status';
import type { TimingAdjustment } from '../../../lambdas/contracts/timing';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { MAIL_REPORT_POLL_MS, MAIL_REPORT_WAIT_MS, POLL_INTERVAL_MS } from '../config/constants';
import { apiPath, callApi } from './client';
import { useApi, usePagedApi, usePublicApi } from './use-api';

export type CandidateSummary = z.infer<typeof candidateSummarySchema>;
export type CandidatePage = z.infer<typeof listCandidates.response>;
export type CandidateTab = CandidateSummary['currentStatus'];
export interface NewCandidate {
  candidateName: string;
  email: string | null;
  /** Their adjustment of the position's pacing (issue 25); left out, they get the position's. */
  timing?: TimingAdjustment;
}

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
  /** `score`: the tab's scored candidates only, highest mean score first (issue 27 scorecards). */
  sort?: 'newest' | 'score';
}

const listKey = (positionId: string, { tab, searchText, through, sort }: ListQuery, after?: string) =>
  apiPath(
    'listCandidates',
    { positionId },
    {
      ...(searchText ? { searchText } : { tab, ...(sort === 'score' ? { sort } : {}) }),
      ...(after ? { after } : through ? { through } : {}),
    },
  );

/** A list, page by page ("Load more" asks for the page after the last card). */
export const useCandidatePages = (positionId: string, list: ListQuery) =>
  usePagedApi(
    (previous: CandidatePage | null) =>
      previous && !previous.hasMore ? null : listKey(positionId, list, previous?.candidates[previous.candidates.length - 1]?.candidateId),
    { revalidateFirstPage: true },
  );

/** An answer whose video or captions are still being made (the detail and public pages poll meanwhile). */
const preparing = (answers: { video: Pick<NonNullable<Answer['video']>, 'uploadStatus' | 'captions'> | null }[] | undefined) =>
  Boolean(
    answers?.some(
      ({ video }) =>
        video !== null && (video.uploadStatus === 'processing' || video.uploadStatus === 'uploading' || video.captions.captionsStatus === 'preparing'),
    ),
  );
const transcribing = (transcripts: AnswerTranscripts | undefined) =>
  Boolean(transcripts?.answerTranscripts.some((t) => ['none', 'created', 'submitted'].includes(t.transcriptStatus)));

/**
 * An invitation mail SES has not reported on yet (issue 26: still `sent`, not delivered, bounced or
 * complained) that went out in the last 10 minutes: when the candidate was invited, or `sentAt`
 * (epoch ms), when the page itself sent it again (a fixed address). SES reports within seconds or
 * minutes; a mail still `sent` after that (one sent before events were recorded) is not waited for.
 */
export const awaitingMailReport = (
  candidate: Pick<CandidateDetail, 'mail' | 'createdAt'> | undefined,
  sentAt: number | null,
  now: number,
): boolean => {
  if (candidate?.mail?.status !== 'sent') return false;
  const sent = Math.max(Date.parse(candidate.createdAt.timeValue) || 0, sentAt ?? 0);
  return now - sent < MAIL_REPORT_WAIT_MS;
};

/**
 * The candidate, re-fetched every 5 seconds while an answer or the answer package is still being
 * prepared (spec §4), and every 10 seconds while their invitation mail, sent in the last 10
 * minutes (`mailSentAt`: when the page sent it), awaits SES's report, so a bounce shows on its own.
 */
/**
 * One candidate for their page. `viewId` names the opening of the page (a new one each time it is
 * opened, see `newViewId`): every read of it, background refreshes included, carries it, so the
 * company's audit log records one view per opening (issue 43).
 */
export const useCandidate = (candidateId: string, viewId: string, mailSentAt: number | null = null) =>
  useApi(apiPath('getCandidate', { candidateId }, { view: viewId }), {
    refreshInterval: (data) =>
      preparing(data?.answers) || data?.answerPackage.packageStatus === 'generating'
        ? POLL_INTERVAL_MS
        : awaitingMailReport(data, mailSentAt, Date.now())
          ? MAIL_REPORT_POLL_MS
          : 0,
  });

/** A new opening's view id, for `useCandidate`. */
export const newViewId = (): string => crypto.randomUUID();

/** Transcripts, re-fetched every 5 seconds while one is still being transcribed. */
export const useTranscripts = (candidateId: string) =>
  useApi(apiPath('getAnswerTranscripts', { candidateId }), {
    refreshInterval: (data) => (transcribing(data) ? POLL_INTERVAL_MS : 0),
  });

export const usePublicCandidate = (publicCandidateId: string) =>
  usePublicApi(apiPath('getPublicCandidate', { publicCandidateId }), {
    refreshInterval: (data) => (preparing(data?.answers) ? POLL_INTERVAL_MS : 0),
  });

export const usePublicTranscripts = (publicCandidateId: string) =>
  usePublicApi(apiPath('getPublicAnswerTranscripts', { publicCandidateId }), {
    refreshInterval: (data) => (transcribing(data) ? POLL_INTERVAL_MS : 0),
  });

/** The public link; a 404 error means sharing is off. */
export const useSharingDetails = (candidateId: string) => useApi(apiPath('getMySharingDetails', { candidateId }), { shouldRetryOnError: false });

export const accessStatus = (candidateOrPublicId: string) => callApi('getCandidateAccessStatus', { params: { candidateId: candidateOrPublicId } });
export const evaluateCandidate = (candidateId: string, action: EvaluationAction) =>
  callApi('setCandidateStatus', { params: { candidateId, status: action } });
/** A rating is kept even when the reviewer reloads or leaves the page at once (keepalive). */
/** "Process again" (issue 37): a failed answer's video through the media pipeline again; the candidate then polls until it is ready. */
export const processAnswerAgain = (answerId: string) => callApi('processAnswerAgain', { params: { answerId } });
export const rateAnswer = (answerId: string, newRating: number) =>
  callApi('rateAnswer', { params: { answerId }, body: { newRating }, keepalive: true });
export const createAnswerPackage = (candidateId: string) => callApi('createAnswerPackage', { params: { candidateId } });
/** Sharing on, or a new expiry for the link that is on (issue 28): 1, 7 or 30 days, or null for never. */
export const createSharing = (candidateId: string, expiresInDays?: number | null) =>
  callApi('createSharingDetails', {
    params: { candidateId },
    body: expiresInDays === undefined ? {} : { expiresInDays: expiresInDays as 1 | 7 | 30 | null },
  });
export const deleteSharing = (publicCandidateId: string) => callApi('deleteSharing', { params: { publicCandidateId } });
/** The export's rows and (issue 39) the questions' titles that name its answer columns. */
export const exportCandidateTable = async (positionId: string) => {
  const { rows, questions } = await callApi('exportCandidates', { params: { positionId } });
  return { rows, questions: questions ?? [] };
};

export const inviteCandidate = (positionId: string, candidate: NewCandidate) =>
  callApi('inviteCandidate', { params: { positionId }, body: candidate });
export const inviteCandidates = (positionId: string, newCandidates: NewCandidate[]) =>
  callApi('inviteCandidatesBatch', { params: { positionId }, body: { newCandidates } });
/** Which of these addresses are already candidates of the position (a bulk import's preview, issue 28). */
export const findExistingCandidates = async (positionId: string, emails: string[]) =>
  (await callApi('checkCandidateEmails', { params: { positionId }, body: { emails } })).existingEmails;
/** Sets a candidate's timing adjustment (issue 25); a request of theirs still pending is answered with it. */
export const setCandidateTiming = (candidateId: string, timing: TimingAdjustment) =>
  callApi('setCandidateTiming', { params: { candidateId }, body: timing });
export const sendPreview = (positionId: string) => callApi('sendPreviewInvite', { params: { positionId } });
export const reinviteCandidate = (candidateId: string) => callApi('reinviteCandidate', { params: { candidateId } });
/** Corrects an invited candidate's address after a bounce and sends the invitation to it (issue 26; no credit spent); their summary. */
export const fixCandidateEmail = (candidateId: string, email: string) => callApi('fixCandidateEmail', { params: { candidateId }, body: { email } });

/**
 * After a candidate changed on their own page (a corrected address): the position's cached card
 * lists (every tab and search, "Load more" pages included) show the new summary at once, and a list
 * on screen is fetched again. SWR's key filter skips the lists' `$inf$` keys, so they are matched here.
 */
const INFINITE_PREFIX = '$inf$'; // swr/infinite's cache keys: this before the first page's key.
export const useRefreshCandidateLists = () => {
  const { cache, mutate } = useSWRConfig();
  return useCallback(
    (positionId: string, summary: CandidateSummary) => {
      const list = `${INFINITE_PREFIX}${apiPath('listCandidates', { positionId })}`;
      const replace = (pages?: CandidatePage[]) =>
        pages?.map((page) => ({ ...page, candidates: page.candidates.map((c) => (c.candidateId === summary.candidateId ? summary : c)) }));
      for (const key of [...cache.keys()]) {
        if (key === list || key.startsWith(`${list}?`)) void mutate(key, replace, { revalidate: true });
      }
    },
    [cache, mutate],
  );
};
export const deleteCandidate = (candidateId: string) => callApi('deleteCandidate', { params: { candidateId } });
