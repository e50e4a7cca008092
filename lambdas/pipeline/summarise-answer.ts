import * as z from 'zod/mini';
import '../contracts/zod-locale';
import { recordSummaryFailed, summariseAnswer } from '../app/summaries/summarise';
import { logger, withLogContext } from '../platform/logger';

/**
 * Pipeline task after Finalize, when the answer has a transcript (issue 41): the answer's grounded
 * summary and the candidate's overview (lambdas/app/summaries/summarise.ts). `transcriptVersion` is
 * the execution's name: a run that processes the answer again redoes the summary from its transcript.
 * It returns whatever happened (skipped, ready, unavailable, paused); it throws only on an error of
 * its own reads and writes, which the state machine retries and then catches: the answer stays ready.
 */
const inputSchema = z.object({
  mediaId: z.string().check(z.minLength(1)),
  transcriptVersion: z.string().check(z.minLength(1)),
  /** Set by the state machine's SummaryUnavailable: the summarising attempt itself failed; record it as unavailable. */
  failed: z.optional(z.boolean()),
});

export const handler = withLogContext('summariseAnswer', async (event: unknown) => {
  const input = inputSchema.parse(event);
  const result = input.failed ? await recordSummaryFailed(input, logger) : await summariseAnswer(input, logger);
  return { mediaId: input.mediaId, ...result };
});
