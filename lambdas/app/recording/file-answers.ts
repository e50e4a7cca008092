import type { Device } from '../../domain/reports';
import { FILE_ANSWER_MAX_BYTES, FILE_TOO_LARGE_MESSAGE, WRONG_FILE_TYPE_MESSAGE } from '../../contracts/media-types';
import { deleteObject, objectHead, objectSize, presignUpload } from '../../adapters/storage';
import { mediaKeys } from '../../adapters/storage-layout';
import { sniffFileAnswer } from '../../domain/file-answers';
import { AttemptRefused, deleteAttempt, openAttemptsOf, startAttempt, type Attempt } from '../../data/candidates/attempts';
import { questionKey, type Candidate } from '../../data/candidates/candidate';
import { createMedia, markFileReady } from '../../data/media';
import { newId } from '../../platform/crypto';
import { badRequest, conflict } from '../../platform/errors';
import { describeError, type Logger } from '../../platform/logger';
import { INTERVIEW_COMPLETED, QUESTION_ANSWERED, questionOf, requireOpenInterview } from '../access/interview';
import { deleteMedia } from '../media/media';
import { announceStart } from './answers';

/**
 * File answers (issue 39): the candidate's browser PUTs the file straight to S3 with a presigned
 * URL signed for its exact size (S3 refuses any other length, so the URL is limited to at most
 * FILE_ANSWER_MAX_BYTES) and a neutral content type; on submission the server reads what the
 * bytes are (never the name or the claimed type) and keeps the file only if it is a PDF, Word
 * document, PNG or JPEG. The file is served to the team as an attachment of that type only.
 */
export const UPLOADED_AS = 'application/octet-stream';

const refusals = {
  not_invited: INTERVIEW_COMPLETED,
  answered: QUESTION_ANSWERED,
  no_retakes: QUESTION_ANSWERED,
} as const;

/** The question a file answer is for, or the refusal that there is none to upload to. */
const fileQuestion = (candidate: Candidate, questionIndex: number) => {
  const question = questionOf(candidate, questionIndex);
  if (question.answer.answerType !== 'file') throw badRequest('This question does not take a file.', 'wrong_answer_type');
  if (candidate.answers[questionKey(questionIndex)]) throw conflict(refusals.answered, 'answered');
  return question;
};

/**
 * A file answer starts: its media and an attempt (not counted against retakes: a file may be chosen
 * again until it is submitted) and the presigned PUT. A file chosen earlier and not submitted is
 * removed, object and all.
 */
export const startFileAnswer = async (
  token: string,
  questionIndex: number,
  file: { fileName: string; size: number },
  log: Logger,
  device: Device,
) => {
  const candidate = await requireOpenInterview(token);
  fileQuestion(candidate, questionIndex);
  const answerId = newId();
  const mediaId = newId();
  const key = mediaKeys(mediaId).source;
  await createMedia({ mediaId, mediaGroupId: answerId, companyId: candidate.companyId, contentType: UPLOADED_AS, size: file.size });
  const attempt: Omit<Attempt, 'candidateId'> = { answerId, questionIndex, mediaId, uploadId: '', key, contentType: UPLOADED_AS, file };
  try {
    await startAttempt(candidate, attempt, null);
  } catch (error) {
    await deleteMedia([mediaId]);
    if (error instanceof AttemptRefused) throw conflict(refusals[error.reason], error.reason);
    throw error;
  }
  if (!candidate.preview && Object.keys(candidate.attempts).length === 0) await announceStart(candidate, log, device);
  for (const earlier of await openAttemptsOf(candidate.candidateId, questionIndex, answerId)) {
    try {
      await deleteAttempt(candidate.candidateId, earlier.answerId);
      await deleteMedia([earlier.mediaId]);
    } catch (error) {
      log.warn('earlier file not cleaned up', { answerId: earlier.answerId, ...describeError(error) });
    }
  }
  return { answerId, uploadUrl: await presignUpload(key, UPLOADED_AS, file.size), uploadContentType: UPLOADED_AS, maxBytes: FILE_ANSWER_MAX_BYTES };
};

/**
 * The uploaded file is checked before it is the answer: it is there, of the size it was started
 * with and at most FILE_ANSWER_MAX_BYTES, and its bytes are one of the types; its media is then
 * ready with that type. A file that fails a check is deleted (the candidate chooses another). A
 * repeated submission finds the media ready already and passes.
 */
export const takeUploadedFile = async (attempt: Attempt & { file: NonNullable<Attempt['file']> }) => {
  const size = await objectSize(attempt.key);
  if (size === null) throw badRequest('Upload failure', 'upload_incomplete');
  if (size === 0) throw badRequest('Empty file encountered', 'empty_file');
  if (size > FILE_ANSWER_MAX_BYTES) {
    await deleteObject(attempt.key);
    throw badRequest(FILE_TOO_LARGE_MESSAGE, 'file_too_large');
  }
  // The URL was signed for the size the file was started with; anything else is not that file.
  if (size !== attempt.file.size) {
    await deleteObject(attempt.key);
    throw badRequest('Upload failure', 'upload_incomplete');
  }
  const contentType = sniffFileAnswer(await objectHead(attempt.key, size));
  if (!contentType) {
    await deleteObject(attempt.key);
    throw badRequest(WRONG_FILE_TYPE_MESSAGE, 'unsupported_file_type');
  }
  await markFileReady(attempt.mediaId, { key: attempt.key, contentType, size });
  return { contentType, size };
};
