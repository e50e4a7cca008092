import { PutObjectCommand } from '@aws-sdk/client-s3';
import { isAudio, toParagraphs, toWebVtt, wordsFromTranscribe, type TimedWord } from '../../domain/media';
import { mediaBucket, s3 } from '../../adapters/aws';
import { readJson } from '../../adapters/storage';
import { getMedia, mediaProcessingStep, updateMediaProcessing } from '../../data/media';
import { answerToIndex, writeTranscriptIndex } from '../../data/candidates/transcript-index';
import { ConditionFailed } from '../../data/transaction';
import { transcriptIndex } from '../../domain/transcript-search';
import { mediaKeys } from '../../adapters/storage-layout';
import { webhookEvent } from '../../adapters/events';
import { findAnswer } from '../../data/candidates/answers';
import { getCandidate } from '../../data/candidates/candidate';
import { answerProcessedData } from '../../domain/webhook-payloads';
import { describeError, logger, type Logger } from '../../platform/logger';
import { publishEvents, webhookLinks } from '../webhooks/publish-events';

/** What the media pipeline's tasks record (lambdas/pipeline/: the state machine and its task handlers). */

/**
 * `answer.processed` (issue 38) when the media is still an answer's (its group id is the answer's id)
 * of a candidate who is no preview: the answer and its candidate are read as they are now.
 */
const announceProcessed = async (answerId: string, mediaId: string, status: 'ready' | 'failed', log: Logger) => {
  let event;
  try {
    const answer = await findAnswer(answerId);
    if (!answer || answer.mediaId !== mediaId) return;
    const candidate = await getCandidate(answer.candidateId);
    if (!candidate || candidate.preview) return;
    const data = answerProcessedData(candidate, { answerId, questionIndex: answer.questionIndex, status }, await webhookLinks());
    event = webhookEvent('answer.processed', candidate.companyId, data);
  } catch (error) {
    // The media's status stands: a retry of the step would not make the event any likelier.
    log.error('webhook event not published: the answer was not read', { answerId, mediaId, ...describeError(error) });
    return;
  }
  await publishEvents([event], log);
};

/** A processing run started (the pipeline's first step) or failed (its failure path, with the failing step's error). */
export const recordProcessingStatus = async (
  mediaId: string,
  status: 'processing' | 'failed',
  failure?: { error: string; step: string },
  log: Logger = logger,
) => {
  if (status === 'failed') {
    await updateMediaProcessing(mediaId, {
      uploadStatus: 'failed',
      captionsStatus: 'failed',
      transcriptStatus: 'failed',
      processingError: failure ?? { error: 'Unknown', step: 'Unknown' },
    });
    const media = await getMedia(mediaId);
    if (media) await announceProcessed(media.mediaGroupId, mediaId, 'failed', log);
  } else {
    await updateMediaProcessing(mediaId, { uploadStatus: 'processing', captionsStatus: 'preparing', transcriptStatus: 'submitted' });
  }
};

const put = (key: string, body: string, contentType: string) =>
  s3.send(new PutObjectCommand({ Bucket: mediaBucket(), Key: key, Body: body, ContentType: contentType }));

/**
 * The last step: turns the transcription (Amazon Transcribe's JSON, which the local recognizer
 * writes too) into transcript paragraphs `{startMillis, content}` and WebVTT captions, and records
 * the playable video, thumbnail, captions and transcript with their statuses. The media of an
 * answer (its group id is the answer's id) also has its words indexed for transcript search
 * (data/candidates/transcript-index.ts), the media's statuses written in the index's last
 * transaction, replacing what an earlier transcript of it indexed. Returns the words transcribed.
 */
export const publishProcessedMedia = async (
  mediaId: string,
  processed: { hasTranscript: boolean; durationMillis: number | null; thumbnailKey?: string; output?: { key: string; contentType: string } },
  log: Logger = logger,
): Promise<number> => {
  const keys = mediaKeys(mediaId);
  const [transcribed, media] = await Promise.all([processed.hasTranscript ? readJson(keys.transcriptSource) : null, getMedia(mediaId)]);
  const words: TimedWord[] = transcribed ? wordsFromTranscribe(transcribed as Parameters<typeof wordsFromTranscribe>[0]) : [];
  await Promise.all([
    put(keys.transcript, JSON.stringify({ paragraphs: toParagraphs(words) }), 'application/json'),
    put(keys.captions, toWebVtt(words), 'text/vtt'),
  ]);
  const audio = processed.output ? isAudio(processed.output.contentType) : false;
  const published: Parameters<typeof updateMediaProcessing>[1] = {
    uploadStatus: 'ready',
    // Without a transcription the video still plays; captions and transcript show as failed.
    captionsStatus: transcribed ? 'ready' : 'failed',
    transcriptStatus: transcribed ? 'completed' : 'failed',
    variants: [processed.output ?? { key: keys.video, contentType: 'video/mp4' }],
    // An audio-only answer (issue 39) has no picture.
    thumbnailKey: audio ? null : (processed.thumbnailKey ?? keys.frameCapture),
    captionsKey: keys.captions,
    transcriptKey: keys.transcript,
    durationMillis: processed.durationMillis,
  };
  const answer = media ? await answerToIndex(media.mediaGroupId) : null;
  if (answer) {
    try {
      await writeTranscriptIndex(answer, transcriptIndex(words), [mediaProcessingStep(mediaId, published)]);
    } catch (error) {
      // The answer is gone (its candidate was deleted meanwhile): the media is published alone.
      if (!(error instanceof ConditionFailed && error.step === 'answer')) throw error;
      await updateMediaProcessing(mediaId, published);
      return words.length;
    }
    await announceProcessed(answer.answerId, mediaId, 'ready', log);
    return words.length;
  }
  await updateMediaProcessing(mediaId, published);
  return words.length;
};
