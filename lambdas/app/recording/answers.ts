import type { Device } from '../../domain/reports';
import { MIN_PART_BYTES } from '../../contracts/interview';
import { isRecordedAnswer } from '../../contracts/answer-types';
import { AUDIO_ONLY_MESSAGE, VIDEO_ONLY_MESSAGE } from '../../contracts/media-types';
import { recordingFits } from '../../domain/media';
import { allowedAttempts, retakesLeft } from '../../domain/candidates';
import { abortMultipartUpload, createMultipartUpload, presignUploadPart } from '../../adapters/storage';
import { newId } from '../../platform/crypto';
import { itemRead } from '../../data/batch-get';
import { AttemptRefused, deleteAttempt, openAttemptsOf, replaceAbandonedAttempt, startAttempt, type Attempt } from '../../data/candidates/attempts';
import { questionKey } from '../../data/candidates/candidate';
import { keys } from '../../data/keys';
import { createMedia } from '../../data/media';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { describeError, type Logger } from '../../platform/logger';
import { mediaKeys } from '../../adapters/storage-layout';
import {
  INTERVIEW_COMPLETED,
  QUESTION_ANSWERED,
  questionOf,
  RECORDING_NOT_FOUND,
  requireInterviewWith,
  requireOpenInterview,
} from '../access/interview';
import { deleteMedia } from '../media/media';
import { answerCutSeconds } from '../../domain/timing';
import { candidatePacing } from './timing';
import { markStarted } from '../../data/candidates/started';
import { webhookEvent } from '../../adapters/events';
import { candidateStartedData } from '../../domain/webhook-payloads';
import { publishEvents, webhookLinks } from '../webhooks/publish-events';
import type { Candidate } from '../../data/candidates/candidate';

/** Recording an answer: a take starts as an S3 multipart upload the browser sends parts to while it records. */
const refusals = {
  not_invited: INTERVIEW_COMPLETED,
  answered: QUESTION_ANSWERED,
  no_retakes: 'There are no retakes left for this question.',
} as const;

/** A recording attempt of the candidate, read in the interview check's BatchGetItem (requireInterviewWith). */
export const attemptRead = (answerId: string) => (candidateId: string) => itemRead(keys.attempt(candidateId, answerId), (item) => item as Attempt);

/**
 * A recording starts: an attempt is counted against the retakes and an S3 multipart upload is
 * opened for it, so the browser can send parts while it records. Earlier attempts at the same
 * question that were never submitted (retakes) are aborted, leaving nothing behind. When every
 * take is used but the last one was never submitted (a closed tab, a lost connection), the new take
 * replaces it without counting: the candidate is never locked out of a question. The retakes and
 * the take's length are the candidate's (their timing adjustment applied, at the time the take starts).
 */
export const startAnswer = async (
  token: string,
  questionIndex: number,
  contentType: string,
  log: Logger,
  replacesAnswerId?: string,
  device: Device = 'desktop',
) => {
  // A take replacing a lost live take (`replacesAnswerId`) has that take read with the interview.
  const { candidate, batched: replaced } = replacesAnswerId
    ? await requireInterviewWith(token, attemptRead(replacesAnswerId), { open: true })
    : { candidate: await requireOpenInterview(token), batched: null };
  // The candidate's pacing: the interview's with their timing adjustment (extra retakes, more time).
  const pacing = candidatePacing(candidate);
  // Only video and audio questions are recorded (issue 39): text, choice and file answers have their own routes.
  const { answerType } = questionOf(candidate, questionIndex).answer;
  if (!isRecordedAnswer(answerType)) throw badRequest('This question is not answered with a recording.', 'wrong_answer_type');
  // A video question is recorded in a video type, an audio-only one in an audio type (its media is processed into audio).
  if (!recordingFits(answerType, contentType))
    throw badRequest(answerType === 'audio' ? AUDIO_ONLY_MESSAGE : VIDEO_ONLY_MESSAGE, 'wrong_content_type');
  const used = candidate.attempts[questionKey(questionIndex)] ?? 0;
  const allowed = allowedAttempts(pacing.retakes);
  if (candidate.answers[questionKey(questionIndex)]) throw conflict(refusals.answered, 'answered');
  const exhausted = allowed !== null && used >= allowed;
  // A live take that was lost (nothing recorded, or cut off past its reconnect window) does not count.
  const lost = replaced?.replaceable && replaced.questionIndex === questionIndex ? replaced : undefined;
  const abandoned = lost ?? (exhausted ? (await openAttemptsOf(candidate.candidateId, questionIndex, ''))[0] : undefined);
  if (exhausted && !abandoned) throw conflict(refusals.no_retakes, 'no_retakes');

  const answerId = newId();
  const mediaId = newId();
  const key = mediaKeys(mediaId).source;
  await createMedia({ mediaId, mediaGroupId: answerId, companyId: candidate.companyId, contentType, size: 0 });
  const uploadId = await createMultipartUpload(key, contentType);
  try {
    // Where the server cuts this take (its processing clips an upload that runs longer).
    const attempt = { answerId, questionIndex, mediaId, uploadId, key, contentType, maxSeconds: answerCutSeconds(pacing) };
    if (abandoned) await replaceAbandonedAttempt(candidate, attempt, abandoned);
    else await startAttempt(candidate, attempt, allowed);
  } catch (error) {
    await abortMultipartUpload(key, uploadId);
    await deleteMedia([mediaId]);
    if (error instanceof AttemptRefused) throw conflict(refusals[error.reason], error.reason);
    throw error;
  }

  // Their first recording ever: the interview has started (issue 38), once.
  if (!candidate.preview && Object.keys(candidate.attempts).length === 0) await announceStart(candidate, log, device);

  for (const earlier of [...(abandoned ? [abandoned] : []), ...(await openAttemptsOf(candidate.candidateId, questionIndex, answerId))]) {
    try {
      await abortMultipartUpload(earlier.key, earlier.uploadId);
      if (earlier !== abandoned) await deleteAttempt(candidate.candidateId, earlier.answerId);
      await deleteMedia([earlier.mediaId]);
    } catch (error) {
      log.warn('earlier attempt not cleaned up', { answerId: earlier.answerId, ...describeError(error) });
    }
  }
  return { answerId, retakesLeft: retakesLeft(pacing.retakes, abandoned ? used : used + 1), minPartBytes: MIN_PART_BYTES };
};

/**
 * `candidate.started`, when this request's write is the one that marked the start (two tabs, or a
 * retried request, send it once), with the device they started on (the reports' figure, issue 40). A
 * failure to mark it is logged: the take is under way regardless.
 */
export const announceStart = async (candidate: Candidate, log: Logger, device: Device) => {
  const startedAt = new Date().toISOString();
  let first: boolean;
  try {
    first = await markStarted(candidate.candidateId, startedAt, device);
  } catch (error) {
    log.error('interview start not recorded', { candidateId: candidate.candidateId, ...describeError(error) });
    return;
  }
  if (first)
    await publishEvents(
      [webhookEvent('candidate.started', candidate.companyId, candidateStartedData(candidate, startedAt, await webhookLinks()))],
      log,
    );
};

/** Presigned URLs for the next parts of a recording in progress: each scoped to one part of one upload, short-lived. */
export const answerPartUrls = async (token: string, answerId: string, partNumbers: number[]) => {
  const { batched: attempt } = await requireInterviewWith(token, attemptRead(answerId), { open: true });
  if (!attempt) throw notFound(RECORDING_NOT_FOUND, 'recording_not_found');
  return {
    parts: await Promise.all(
      [...new Set(partNumbers)].map(async (partNumber) => ({
        partNumber,
        uploadUrl: await presignUploadPart(attempt.key, attempt.uploadId, partNumber),
      })),
    ),
  };
};
