import * as z from 'zod/mini';
import '../contracts/zod-locale';
import { recordProcessingStatus } from '../app/media/pipeline';
import { logger, withLogContext } from '../platform/logger';

/**
 * Pipeline task: records a media item's status. On the failure path it stores the failed state
 * (with the failing step's error), so the UI shows a failure instead of "Processing..." forever.
 * The media item must exist: a run for unknown media fails instead of inventing it.
 */
const inputSchema = z.object({
  mediaId: z.string().check(z.minLength(1)),
  status: z.enum(['processing', 'failed']),
  error: z.optional(z.object({ Error: z.optional(z.string()), Cause: z.optional(z.string()) })),
});

/** A readable reason from a Step Functions error (`Cause` may be a JSON-encoded Lambda error). */
const reasonOf = (error: { Error?: string; Cause?: string } | undefined) => {
  if (!error) return 'Unknown';
  try {
    const cause = JSON.parse(error.Cause ?? '') as { errorMessage?: string };
    if (cause.errorMessage) return cause.errorMessage.slice(0, 500);
  } catch {
    // not JSON
  }
  return (error.Cause || error.Error || 'Unknown').slice(0, 500);
};

export const handler = withLogContext('set-media-status', async (event: unknown) => {
  const input = inputSchema.parse(event);
  await recordProcessingStatus(
    input.mediaId,
    input.status,
    input.status === 'failed' ? { error: reasonOf(input.error), step: input.error?.Error ?? 'Unknown' } : undefined,
  );
  logger.info('media status recorded', { mediaId: input.mediaId, status: input.status });
  return { mediaId: input.mediaId, status: input.status };
});
