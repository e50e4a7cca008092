import { PutObjectCommand } from '@aws-sdk/client-s3';
import * as z from 'zod';
import { toParagraphs, toWebVtt, wordsFromTranscribe, type TimedWord } from '../domain/media';
import { mediaKeys } from '../shared/storage-definition';
import { mediaBucket, s3 } from '../shared/clients/aws';
import { readJson } from '../shared/clients/storage';
import { updateMediaProcessing } from '../shared/db/media';
import { logger } from '../shared/logger';

/**
 * Pipeline task, last step: turns the transcription (Amazon Transcribe's JSON, which the local
 * recognizer writes too) into transcript paragraphs `{startMillis, content}` and WebVTT captions,
 * and records the playable video, thumbnail, captions and transcript with their statuses.
 */
const inputSchema = z.object({
  mediaId: z.string().min(1),
  transcode: z
    .object({
      Job: z
        .object({
          OutputGroupDetails: z.array(z.object({ OutputDetails: z.array(z.object({ DurationInMs: z.number().optional() })).optional() })).optional(),
        })
        .passthrough(),
      /** Set by the local transcoder (PNG); MediaConvert's frame capture writes a JPEG at a fixed name. */
      thumbnailKey: z.string().optional(),
    })
    .passthrough()
    .optional(),
  hasTranscript: z.boolean().default(true),
});

const put = (key: string, body: string, contentType: string) =>
  s3.send(new PutObjectCommand({ Bucket: mediaBucket(), Key: key, Body: body, ContentType: contentType }));

export const handler = async (event: unknown) => {
  const input = inputSchema.parse(event);
  const keys = mediaKeys(input.mediaId);
  const transcribed = input.hasTranscript ? await readJson(keys.transcriptSource) : null;
  const words: TimedWord[] = transcribed ? wordsFromTranscribe(transcribed as Parameters<typeof wordsFromTranscribe>[0]) : [];
  await Promise.all([
    put(keys.transcript, JSON.stringify({ paragraphs: toParagraphs(words) }), 'application/json'),
    put(keys.captions, toWebVtt(words), 'text/vtt'),
  ]);
  const duration = input.transcode?.Job.OutputGroupDetails?.[0]?.OutputDetails?.[0]?.DurationInMs;
  await updateMediaProcessing(input.mediaId, {
    uploadStatus: 'ready',
    // Without a transcription the video still plays; captions and transcript show as failed.
    captionsStatus: transcribed ? 'ready' : 'failed',
    transcriptStatus: transcribed ? 'completed' : 'failed',
    variants: [{ key: keys.video, contentType: 'video/mp4' }],
    thumbnailKey: input.transcode?.thumbnailKey ?? keys.frameCapture,
    captionsKey: keys.captions,
    transcriptKey: keys.transcript,
    durationMillis: typeof duration === 'number' ? Math.round(duration) : null,
  });
  logger.info('media ready', { mediaId: input.mediaId, words: words.length });
  return { mediaId: input.mediaId, words: words.length };
};
