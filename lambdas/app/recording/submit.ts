import { completeMultipartUpload, objectSize, UploadIncomplete } from '../../adapters/storage';
import { AnswerRefused, getCandidate, questionKey, type Candidate } from '../../data/candidates/candidate';
import { submitAttempt } from '../../data/candidates/answers';
import { getMedia } from '../../data/media';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { describeError, type Logger } from '../../platform/logger';
import { QUESTION_ANSWERED, RECORDING_NOT_FOUND, requireInterviewWith } from '../access/interview';
import { startProcessing } from '../media/media';
import { attemptRead } from './answers';
import { takeUploadedFile } from './file-answers';
import { answerCutSeconds } from '../../domain/timing';
import { candidatePacing } from './timing';
import { getLiveRecording, markSubmitted } from '../../data/live-recordings';
import { count, metricNames } from '../../platform/metrics';
import { publishEvent } from '../../adapters/events';
import { PRODUCT_EVENTS } from '../../contracts/product-events';

/** A live take is submitted once its stream has ended; one of which nothing could be recorded is refused. */
const liveTakeForSubmission = async (recordingId: string, answerId: string, candidateId: string) => {
  const recording = await getLiveRecording(recordingId);
  if (!recording || recording.answerId !== answerId || recording.candidateId !== candidateId)
    throw notFound(RECORDING_NOT_FOUND, 'recording_not_found');
  if (recording.status === 'live') throw conflict('Stop the recording before you submit the answer.', 'recording_live');
  if (recording.status === 'failed' || recording.status === 'created')
    throw badRequest('This take could not be recorded. Record the answer again.', 'recording_failed');
  return recording;
};

/** S3 joins the parts the browser sent; a retried submission finds them joined already. */
const joinUpload = async (attempt: { key: string; uploadId: string }, parts: { partNumber: number; etag: string }[]) => {
  try {
    await completeMultipartUpload(attempt.key, attempt.uploadId, parts);
  } catch (error) {
    // A retried submission finds the upload already joined: the object is there and whole.
    if (!(error instanceof UploadIncomplete) || !(await objectSize(attempt.key))) {
      if (error instanceof UploadIncomplete) throw badRequest('Upload failure', 'upload_incomplete');
      throw error;
    }
  }
  const size = await objectSize(attempt.key);
  if (!size) throw badRequest('Empty file encountered', 'empty_file');
};

/**
 * Starts the processing of a submitted upload whose media is still waiting for it (uploading, or
 * marked processing with no run). The attempt went with the submission, so the cut is the
 * candidate's pacing now, as Process again takes it.
 */
const resumeProcessing = async (mediaId: string, maxSeconds: number | null | undefined) => {
  const media = await getMedia(mediaId);
  if (media && (media.uploadStatus === 'uploading' || media.uploadStatus === 'processing')) {
    await startProcessing({ mediaId: media.mediaId, contentType: media.contentType, maxSeconds });
  }
};

/**
 * Submitting an answer: S3 joins the parts, the answer is recorded (the last one completes the
 * interview and moves the position's counts in the same transaction) and its processing starts.
 * Safe to repeat: a submission that already went through answers the same again. The token names
 * the candidate, whose item and attempt are then read together: two rounds of reads before the write.
 */
export const submitAnswer = async (
  token: string,
  answerId: string,
  take: { parts: { partNumber: number; etag: string }[] } | { recordingId: string } | { uploaded: 'file' },
  log: Logger,
) => {
  const { candidate, batched: attempt } = await requireInterviewWith(token, attemptRead(answerId));
  const submitted = Object.values(candidate.answers).some((a) => a.answerId === answerId);
  if (submitted) {
    // A repeat: the first may have recorded the answer and then failed to start its processing (Step
    // Functions refused the start for good and it answered 503). Start it now; a run under way or done
    // is not started twice (the run is named by the media id, and only media still waiting is started).
    const answer = Object.values(candidate.answers).find((a) => a.answerId === answerId)!;
    if ('parts' in take && answer.mediaId) await resumeProcessing(answer.mediaId, answerCutSeconds(candidatePacing(candidate)));
    return { completed: candidate.currentStatus !== 'invited' };
  }
  if (!attempt || candidate.currentStatus !== 'invited') throw notFound(RECORDING_NOT_FOUND, 'recording_not_found');
  if (candidate.answers[questionKey(attempt.questionIndex)]) throw conflict(QUESTION_ANSWERED, 'answered');

  const live = 'recordingId' in take ? await liveTakeForSubmission(take.recordingId, answerId, candidate.candidateId) : null;
  if ('parts' in take) {
    if (attempt.file) throw badRequest('This answer is a file: submit it as uploaded.', 'wrong_answer_type');
    await joinUpload(attempt, take.parts);
  }
  // A file answer (issue 39) is checked (its size, its type from its bytes) and ready as it is: nothing to process.
  if ('uploaded' in take) {
    if (!attempt.file) throw badRequest('This answer is a recording: submit its parts.', 'wrong_answer_type');
    await takeUploadedFile({ ...attempt, file: attempt.file });
  }

  let completed: boolean;
  try {
    ({ completed } = await submitAttempt(candidate, attempt, live !== null));
  } catch (error) {
    if (!(error instanceof AnswerRefused)) throw error;
    const current = await getCandidate(candidate.candidateId);
    if (current && Object.values(current.answers).some((a) => a.answerId === answerId)) return { completed: current.currentStatus !== 'invited' };
    throw conflict('This answer could not be saved because the interview changed meanwhile. Reload the page.', 'interview_changed');
  }
  // The attempt names its media's type; one started before it did has its media item read. A live
  // take is processed once its recording is joined too (whichever comes second starts it).
  const media = attempt.contentType ? { mediaId: attempt.mediaId, contentType: attempt.contentType } : await getMedia(attempt.mediaId);
  const recorded = live ? (await markSubmitted(live.recordingId))?.status === 'assembled' : true;
  // Cut where the take's limit is (its answer time plus the grace, as it was when it started).
  if (media && recorded && !attempt.file)
    await startProcessing({ mediaId: media.mediaId, contentType: media.contentType, maxSeconds: attempt.maxSeconds ?? live?.maxSeconds });
  await announceAnswer(candidate, attempt.questionIndex, completed, log);
  return { completed };
};

/**
 * What follows a recorded answer, of any type: the log line, the metric, and on the answer that
 * completes the interview the event whose function notifies the team and sends the candidate's
 * `response` messages (app/recording/announce.ts), with retries: the candidate waits for none of it.
 */
export const announceAnswer = async (candidate: Candidate, questionIndex: number, completed: boolean, log: Logger) => {
  log.info('answer submitted', { candidateId: candidate.candidateId, questionIndex, completed });
  if (!candidate.preview) count(metricNames.answersSubmitted);
  if (completed && !candidate.preview) {
    try {
      await publishEvent(PRODUCT_EVENTS.interviewCompleted, { candidateId: candidate.candidateId });
    } catch (error) {
      log.error('response not announced: the event was not published', { candidateId: candidate.candidateId, ...describeError(error) });
    }
  }
};
