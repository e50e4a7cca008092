import { MIN_PART_BYTES } from '../../contracts/interview';
import { ivsRecordingLayout, LIVE_CONTENT_TYPE, stageIdOf, STOP_WAIT_SECONDS, TEAM_VIDEO_MAX_SECONDS } from '../../contracts/live-recording';
import { parseMediaPlaylist, renditionsOf, resolveKey, segmentsWithin } from '../../domain/hls';
import {
  createLiveStage,
  createPublishToken,
  deleteLiveStage,
  liveRecordingsBucket,
  listRecordedKeys,
  readRecorded,
  disconnectParticipant,
  whipEnd,
  whipPublish,
  WhipFailed,
} from '../../adapters/live-recording';
import { completeMultipartUpload, createMultipartUpload, deletePrefixes, uploadPart, UploadIncomplete } from '../../adapters/storage';
import { liveRecordingPrefix, mediaKeys } from '../../adapters/storage-layout';
import { createMedia, GroupOwnedElsewhere } from '../../data/media';
import { newId } from '../../platform/crypto';
import { requireMembership } from '../access/membership';
import { alongside } from '../access/alongside';
import { callerId, type Caller } from '../access/caller';
import { markAttemptReplaceable } from '../../data/candidates/attempts';
import { questionKey } from '../../data/candidates/candidate';
import {
  claimJoin,
  createLiveRecording,
  getLiveRecording,
  liveRecordingRead,
  markAssembled,
  markFailed,
  markLive,
  markStopped,
  TakeAlreadyLive,
  type LiveRecording,
} from '../../data/live-recordings';
import { conflict, HttpError, notFound } from '../../platform/errors';
import { describeError, type Logger } from '../../platform/logger';
import { QUESTION_ANSWERED, RECORDING_NOT_FOUND, requireInterviewWith } from '../access/interview';
import { startProcessing } from '../media/media';
import { attemptRead } from './answers';
import { candidatePacing } from './timing';
import { answerCutSeconds } from '../../domain/timing';

/**
 * Live recording (spec §3, §7; issue 30): the take the candidate started (startAnswer) is streamed
 * to an IVS stage of its own, which records it into the media bucket; once IVS has written it, the
 * HLS segments are joined into the take's upload and the usual pipeline runs on it. The interview
 * token authorizes only the candidate's own recordings.
 */
export const CONNECT_FAILED = 'Unable to connect to recorder';
const NOT_LIVE = 'This take has ended. Record the answer again.';
const NOTHING_RECORDED = 'Nothing was recorded: the camera never reached the recorder.';

/** A candidate's own live recording, while the interview is in progress. */
const candidateRecording = async (token: string, recordingId: string) => {
  const { candidate, batched: recording } = await requireInterviewWith(token, () => liveRecordingRead(recordingId), { open: true });
  if (!recording || recording.candidateId !== candidate.candidateId) throw notFound(RECORDING_NOT_FOUND, 'recording_not_found');
  return recording;
};

/** A team member's own live recording, while they still belong to its company: read alongside the session check, then the membership. */
const memberRecording = async (caller: Caller, recordingId: string) => {
  const [userId, recording] = await alongside(callerId(caller), getLiveRecording(recordingId));
  if (!recording || recording.userId !== userId) throw notFound(RECORDING_NOT_FOUND, 'recording_not_found');
  await requireMembership(recording.companyId, userId);
  return recording;
};

/** A stage that records one take or video, and a token that may only publish to it. */
const openRecording = async (
  owner: Pick<LiveRecording, 'companyId' | 'candidateId' | 'answerId' | 'userId' | 'mediaId' | 'key' | 'uploadId' | 'maxSeconds'>,
  groupId: string,
  log: Logger,
) => {
  const stage = await createLiveStage(`recording-${groupId}`.slice(0, 128));
  const recordingId = stageIdOf(stage.stageArn);
  try {
    const publisher = await createPublishToken(stage.stageArn, owner.candidateId ?? owner.userId ?? 'team', {
      videoId: owner.mediaId,
      videoGroupId: groupId,
    });
    await createLiveRecording({
      ...owner,
      recordingId,
      stageArn: stage.stageArn,
      whipEndpoint: stage.whipEndpoint,
      participantId: publisher.participantId,
      spaceToken: publisher.token,
    });
    log.info('live recording opened', { recordingId, mediaId: owner.mediaId });
    return { recordingId, spaceToken: publisher.token, videoId: owner.mediaId, videoGroupId: groupId, maxSeconds: owner.maxSeconds };
  } catch (error) {
    await deleteLiveStage(stage.stageArn).catch(() => undefined);
    if (error instanceof TakeAlreadyLive) throw conflict('This take is already being recorded live. Record the answer again.', 'recording_live');
    throw error;
  }
};

/** A live recording of a candidate's take (started with startAnswer): its answer time (with the candidate's timing adjustment) plus a little grace. */
export const openAnswerRecording = async (token: string, answerId: string, log: Logger) => {
  const { candidate, batched: attempt } = await requireInterviewWith(token, attemptRead(answerId), { open: true });
  if (!attempt) throw notFound(RECORDING_NOT_FOUND, 'recording_not_found');
  if (candidate.answers[questionKey(attempt.questionIndex)]) throw conflict(QUESTION_ANSWERED, 'answered');
  return openRecording(
    {
      companyId: candidate.companyId,
      candidateId: candidate.candidateId,
      answerId,
      userId: null,
      mediaId: attempt.mediaId,
      key: attempt.key,
      uploadId: attempt.uploadId,
      // The take's own limit as startAnswer set it; an attempt from before that: the candidate's pacing now.
      maxSeconds: attempt.maxSeconds ?? answerCutSeconds(candidatePacing(candidate)),
    },
    answerId,
    log,
  );
};

/** A live recording of a team member's video (an intro, question or outro): a new media item of the group. */
export const openUserRecording = async (userId: string, companyId: string, mediaGroupId: string, log: Logger) => {
  await requireMembership(companyId, userId);
  const mediaId = newId();
  const key = mediaKeys(mediaId).source;
  try {
    await createMedia({ mediaId, mediaGroupId, companyId, contentType: LIVE_CONTENT_TYPE, size: 0 });
  } catch (error) {
    if (error instanceof GroupOwnedElsewhere) throw conflict('That media group id is taken. Use a new one.', 'media_group_taken');
    throw error;
  }
  const uploadId = await createMultipartUpload(key, LIVE_CONTENT_TYPE);
  return openRecording(
    { companyId, candidateId: null, answerId: null, userId, mediaId, key, uploadId, maxSeconds: TEAM_VIDEO_MAX_SECONDS },
    mediaGroupId,
    log,
  );
};

/**
 * Publishes (or, after a dropped connection within the reconnect window, resumes): the browser's
 * offer goes to the stage over WHIP and its answer comes back.
 */
const publish = async (recording: LiveRecording, offer: string, log: Logger) => {
  const { recordingId } = recording;
  if (recording.status !== 'created' && recording.status !== 'live') throw conflict(NOT_LIVE, 'recording_ended');
  if (recording.whipLocation) await whipEnd(recording.whipLocation, recording.spaceToken).catch(() => undefined);
  let session: { answer: string; location: string };
  try {
    session = await whipPublish(recording.whipEndpoint, recording.spaceToken, offer);
  } catch (error) {
    if (!(error instanceof WhipFailed)) throw error;
    log.warn('live recording not connected', { recordingId, status: error.status });
    throw new HttpError(502, CONNECT_FAILED, 'recorder_unavailable');
  }
  if (!(await markLive(recordingId, session.location))) {
    await whipEnd(session.location, recording.spaceToken).catch(() => undefined);
    throw conflict(NOT_LIVE, 'recording_ended');
  }
  return { answer: session.answer, maxSeconds: recording.maxSeconds };
};

export const startAnswerRecording = async (token: string, recordingId: string, offer: string, log: Logger) =>
  publish(await candidateRecording(token, recordingId), offer, log);

export const startUserRecording = async (caller: Caller, recordingId: string, offer: string, log: Logger) =>
  publish(await memberRecording(caller, recordingId), offer, log);

export const stopAnswerRecording = async (token: string, recordingId: string, log: Logger) => stop(await candidateRecording(token, recordingId), log);

export const stopUserRecording = async (caller: Caller, recordingId: string, log: Logger) => stop(await memberRecording(caller, recordingId), log);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where IVS wrote a recording of this stage that has ended (its `events/recording-ended.json`), if it has. */
const endedRecordingPrefix = async (recordingId: string): Promise<string | null> => {
  const ended = (await listRecordedKeys(liveRecordingPrefix(recordingId))).find((key) => key.endsWith(`/${ivsRecordingLayout.recordingEnded}`));
  return ended ? ended.slice(0, -ivsRecordingLayout.recordingEnded.length - 1) : null;
};

/** Ends the stream; IVS then writes the recording. Safe to repeat. */
const endStream = async (recording: LiveRecording) => {
  // Marked first: a recording that ends while still `live` was cut off, not stopped (finishLiveRecording).
  await markStopped(recording.recordingId);
  if (recording.whipLocation) await whipEnd(recording.whipLocation, recording.spaceToken).catch(() => undefined);
  await disconnectParticipant(recording.stageArn, recording.participantId, 'The take was stopped');
};

/** A candidate's take that was lost may be replaced by the next take without counting as a retake. */
const lostTake = async (recording: LiveRecording) => {
  if (recording.candidateId && recording.answerId) await markAttemptReplaceable(recording.candidateId, recording.answerId);
};

/**
 * Stops a take: the stream ends, and for a few seconds the recording is awaited. The Recording End
 * event normally joins it; should it be late or missing, the recording IVS wrote is joined here.
 */
const stop = async (recording: LiveRecording, log: Logger) => {
  const { recordingId } = recording;
  if (recording.status === 'created') {
    // The stream never went live: there is nothing to wait for.
    await failLiveRecording(recordingId, NOTHING_RECORDED, log);
    return { status: 'failed' as const, seconds: null };
  }
  if (recording.status === 'live') await endStream(recording);
  const deadline = Date.now() + STOP_WAIT_SECONDS * 1000;
  for (;;) {
    const current = await getLiveRecording(recordingId);
    if (!current || current.status === 'assembled' || current.status === 'failed' || Date.now() >= deadline)
      return { status: current?.status ?? 'failed', seconds: current?.seconds ?? null };
    // Joined here, or else waited for: another joiner (the event) may hold it meanwhile.
    const prefix = await endedRecordingPrefix(recordingId);
    if (!(prefix && (await finishLiveRecording(recordingId, prefix, log)))) await pause(500);
  }
};

/** The joined MP4's parts: every part but the last at least S3's minimum. */
const joinInto = async (recording: LiveRecording, keys: string[]) => {
  const parts: { partNumber: number; etag: string }[] = [];
  let buffered: Uint8Array[] = [];
  let size = 0;
  const flush = async () => {
    if (size === 0) return;
    const body = Buffer.concat(buffered);
    parts.push({ partNumber: parts.length + 1, etag: await uploadPart(recording.key, recording.uploadId, parts.length + 1, body) });
    buffered = [];
    size = 0;
  };
  for (const key of keys) {
    const bytes = await readRecorded(key);
    if (!bytes) throw new Error(`A segment of the recording is missing: ${key}`);
    buffered.push(bytes);
    size += bytes.byteLength;
    if (size >= MIN_PART_BYTES) await flush();
  }
  await flush();
  await completeMultipartUpload(recording.key, recording.uploadId, parts);
};

/**
 * What IVS wrote under `prefix` becomes the take's video: the best rendition's init segment and its
 * media segments (those that start within the take's time limit), joined into the take's upload.
 * Idempotent: a recording already joined or failed, or being joined by another caller, is left as it
 * is (false; true when this call settled it, joined or failed). Whichever of this and the
 * candidate's submission comes second starts the processing. The stage and the raw files are deleted.
 */
export const finishLiveRecording = async (recordingId: string, prefix: string, log: Logger): Promise<boolean> => {
  const recording = await getLiveRecording(recordingId);
  if (!recording) {
    log.warn('live recording ended for an unknown stage', { recordingId });
    return false;
  }
  if (recording.status === 'assembled' || recording.status === 'failed') return false;
  if (!(await claimJoin(recordingId))) return false; // being joined by another caller
  const playlistKey = `${prefix}/${ivsRecordingLayout.multivariantPlaylist}`;
  try {
    const multivariant = await readRecorded(playlistKey);
    const rendition = multivariant ? renditionsOf(Buffer.from(multivariant).toString('utf8'))[0] : undefined;
    if (!rendition) throw new NoMedia();
    const mediaKey = rendition.uri ? resolveKey(playlistKey, rendition.uri) : playlistKey;
    const media = await readRecorded(mediaKey);
    const playlist = parseMediaPlaylist(media ? Buffer.from(media).toString('utf8') : '');
    const segments = segmentsWithin(playlist.segments, recording.maxSeconds);
    if (!playlist.init || segments.length === 0) throw new NoMedia();
    await joinInto(recording, [resolveKey(mediaKey, playlist.init), ...segments.map((segment) => resolveKey(mediaKey, segment.uri))]);
    const seconds = Math.round(segments.reduce((sum, segment) => sum + segment.seconds, 0) * 1000) / 1000;
    const after = await markAssembled(recordingId, seconds);
    // Still live when IVS ended it: nobody stopped it, the stream was lost past its reconnect window.
    if (recording.status === 'live') await lostTake(recording);
    if (after?.submitted) await startProcessing({ mediaId: recording.mediaId, contentType: LIVE_CONTENT_TYPE, maxSeconds: recording.maxSeconds });
    log.info('live recording joined', { recordingId, seconds, segments: segments.length });
  } catch (error) {
    if (isUploadGone(error)) {
      await failLiveRecording(recordingId, 'The take was replaced by a retake.', log);
      return true;
    }
    if (!(error instanceof NoMedia)) {
      log.error('live recording not joined', { recordingId, ...describeError(error) });
      throw error;
    }
    await failLiveRecording(recordingId, NOTHING_RECORDED, log);
    return true;
  }
  await cleanUp(recording, log);
  return true;
};

class NoMedia extends Error {}

/** The take's upload was aborted meanwhile (a retake replaced it). */
const isUploadGone = (error: unknown) => error instanceof UploadIncomplete || (error as { name?: string }).name === 'NoSuchUpload';

export const failLiveRecording = async (recordingId: string, reason: string, log: Logger) => {
  const failed = await markFailed(recordingId, reason);
  if (!failed) return;
  log.warn('live recording failed', { recordingId, reason });
  await lostTake(failed);
  await cleanUp(failed, log);
};

const cleanUp = async (recording: LiveRecording, log: Logger) => {
  try {
    await deleteLiveStage(recording.stageArn);
    await deletePrefixes([liveRecordingPrefix(recording.recordingId)], [], liveRecordingsBucket());
  } catch (error) {
    log.warn('live recording not cleaned up', { recordingId: recording.recordingId, ...describeError(error) });
  }
};
