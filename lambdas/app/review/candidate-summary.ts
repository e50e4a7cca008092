import { timeField } from '../../domain/candidates';
import type { Candidate } from '../../data/candidates/candidate';
import { getMediaItems, type MediaItem } from '../../data/media';
import { interviewHref } from '../../platform/app-origin';
import { thumbnailOf } from '../media/media';
import { isAdjusted } from '../../domain/timing';
import { mailDeliveryView } from '../../domain/mail-delivery';

/** The media shown as a candidate's thumbnail: their first video answer's (absent answerType = video; text, choice, audio and file answers have no picture). */
export const firstAnswerMediaId = (candidate: Candidate): string | null => {
  const first = Object.entries(candidate.answers)
    .filter(([, a]) => (a.answerType ?? 'video') === 'video' && a.mediaId)
    .sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1)))[0];
  return first?.[1].mediaId ?? null;
};

/** A candidate as the team's lists show it (spec §3): times with relative text, the interview link, the thumbnail. */
export const candidateSummary = async (candidate: Candidate, media: Map<string, MediaItem>, now = new Date()) => {
  const thumbnailMedia = firstAnswerMediaId(candidate);
  return {
    candidateId: candidate.candidateId,
    positionId: candidate.positionId,
    candidateName: candidate.candidateName,
    email: candidate.email,
    currentStatus: candidate.currentStatus,
    createdAt: timeField(candidate.createdAt, now)!,
    expiresAt: timeField(candidate.expiresAt, now),
    completedAt: timeField(candidate.completedAt, now),
    interviewHref: await interviewHref(candidate.interviewToken),
    thumbnail: thumbnailMedia ? await thumbnailOf(media.get(thumbnailMedia)) : null,
    timingAdjusted: isAdjusted(candidate.timing),
    // What SES reported about the invitation mail (issue 26); none for a candidate invited by link.
    mail: candidate.email ? mailDeliveryView(candidate.mail, now) : null,
    // Why a knockout option flagged them or ended their interview (issue 39): the list shows "Knocked out".
    knockout: candidate.knockout ?? null,
  };
};

/** Summaries of a page of candidates, with their thumbnails' media read in one BatchGet. */
export const candidateSummaries = async (candidates: Candidate[]) => {
  const mediaIds = candidates.map(firstAnswerMediaId).filter((id): id is string => id !== null);
  const media = mediaIds.length > 0 ? await getMediaItems(mediaIds) : new Map<string, MediaItem>();
  const now = new Date();
  return Promise.all(candidates.map((c) => candidateSummary(c, media, now)));
};
