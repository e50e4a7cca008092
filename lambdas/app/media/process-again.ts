import { answerCutSeconds } from '../../domain/timing';
import { findAnswer } from '../../data/candidates/answers';
import { getAttempt } from '../../data/candidates/attempts';
import { getMedia, restartProcessing, updateMediaProcessing } from '../../data/media';
import { notFound } from '../../platform/errors';
import { describeError, type Logger } from '../../platform/logger';
import { alongside } from '../access/alongside';
import { callerId, type Caller } from '../access/caller';
import { requireCandidateAccessAt } from '../access/candidate';
import { candidatePacing } from '../recording/timing';
import { startPipelineRun } from './media';

const NOT_FOUND = 'Answer not found.';

/**
 * "Process again" (issue 37): an answer whose video failed to process is sent through the media
 * pipeline again from the candidate's upload, which is kept in the bucket (its `source` object), by a
 * member who can see the candidate. The media item goes from failed to processing in one conditional
 * write (data/media.ts restartProcessing), so a second click, or a retried request, starts nothing
 * twice: it answers the status as it is. The run is cut where the take's limit was (its attempt's
 * `maxSeconds`; an attempt from before that: the candidate's pacing now), as the first run was.
 *
 * Reads: the answer alongside the session check; then the candidate, position and membership in one
 * BatchGetItem alongside the media item and the attempt.
 */
export const processAnswerAgain = async (answerId: string, caller: Caller, log: Logger) => {
  const [userId, answer] = await alongside(callerId(caller), findAnswer(answerId));
  if (!answer) throw notFound(NOT_FOUND);
  const {
    candidate,
    read: [media, attempt],
  } = await requireCandidateAccessAt(answer, userId, () => Promise.all([getMedia(answer.mediaId), getAttempt(answer.candidateId, answerId)]));
  if (!media || media.companyId !== candidate.companyId) throw notFound(NOT_FOUND);
  if (media.uploadStatus !== 'failed') return { answerId, uploadStatus: media.uploadStatus };

  const run = await restartProcessing(media.mediaId);
  // Another request set it going first: what it is now.
  if (run === null) return { answerId, uploadStatus: (await getMedia(media.mediaId))?.uploadStatus ?? 'processing' };
  const maxSeconds = attempt?.maxSeconds ?? answerCutSeconds(candidatePacing(candidate));
  try {
    await startPipelineRun({ mediaId: media.mediaId, contentType: media.contentType, maxSeconds }, `${media.mediaId}-run-${run}`);
  } catch (error) {
    // Not started: failed again, so the button stays offered (never "Processing..." for nothing).
    await updateMediaProcessing(media.mediaId, {
      uploadStatus: 'failed',
      captionsStatus: 'failed',
      transcriptStatus: 'failed',
      processingError: { error: 'The processing could not be started again. Try again later.', step: 'ProcessAgain' },
    });
    log.error('answer not processed again: the pipeline did not start', { answerId, mediaId: media.mediaId, ...describeError(error) });
    throw error;
  }
  log.info('answer processed again', { answerId, mediaId: media.mediaId, run });
  return { answerId, uploadStatus: 'processing' as const };
};
