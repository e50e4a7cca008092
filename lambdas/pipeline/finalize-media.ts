import * as z from 'zod/mini';
import '../contracts/zod-locale';
import { publishProcessedMedia } from '../app/media/pipeline';
import { logger, withLogContext } from '../platform/logger';
import { metricNames, seconds } from '../platform/metrics';

/**
 * Pipeline task, last step: captions and transcript paragraphs from the transcription, and the
 * media recorded as ready (lambdas/app/media/pipeline.ts). Its input is what the state machine
 * gathered: MediaConvert's job (for the duration), the local transcoder's thumbnail, and whether
 * a transcription exists.
 */
const inputSchema = z.object({
  mediaId: z.string().check(z.minLength(1)),
  transcode: z.optional(
    z.looseObject({
      Job: z.looseObject({
        OutputGroupDetails: z.optional(z.array(z.object({ OutputDetails: z.optional(z.array(z.object({ DurationInMs: z.optional(z.number()) }))) }))),
      }),
      /** Set by the local transcoder (PNG); MediaConvert's frame capture writes a JPEG at a fixed name. */
      thumbnailKey: z.optional(z.string()),
    }),
  ),
  /** What the transcode made (the state machine's VideoOutput or AudioOutput): absent in a run started before it said, a video. */
  output: z.optional(z.object({ key: z.string().check(z.minLength(1)), contentType: z.string().check(z.minLength(1)) })),
  hasTranscript: z._default(z.boolean(), true),
  /** The execution's start (the state machine's context object): how long the media took to be ready. */
  startedAt: z.optional(z.string()),
});

export const handler = withLogContext('finalizeMedia', async (event: unknown) => {
  const input = inputSchema.parse(event);
  const duration = input.transcode?.Job.OutputGroupDetails?.[0]?.OutputDetails?.[0]?.DurationInMs;
  const words = await publishProcessedMedia(input.mediaId, {
    hasTranscript: input.hasTranscript,
    durationMillis: typeof duration === 'number' ? Math.round(duration) : null,
    thumbnailKey: input.transcode?.thumbnailKey,
    output: input.output,
  });
  logger.info('media ready', { mediaId: input.mediaId, words });
  const started = input.startedAt ? Date.parse(input.startedAt) : NaN;
  if (Number.isFinite(started)) seconds(metricNames.pipelineSeconds, Math.max(0, (Date.now() - started) / 1000));
  return { mediaId: input.mediaId, words };
});
