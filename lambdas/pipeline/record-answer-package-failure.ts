import * as z from 'zod/mini';
import '../contracts/zod-locale';
import { recordPackageFailure } from '../app/review/answer-package-failure';
import { createLogger, withLogContext } from '../platform/logger';

/**
 * Answer-package builder task: the failure path. Records the package failed (the page then offers
 * the export again); the failing step's error goes to the log.
 */
const inputSchema = z.object({
  candidateId: z.string().check(z.minLength(1)),
  buildId: z.string().check(z.minLength(1)),
  error: z.optional(z.object({ Error: z.optional(z.string()), Cause: z.optional(z.string()) })),
});

export const handler = withLogContext('record-answer-package-failure', async (event: unknown) => {
  const input = inputSchema.parse(event);
  const log = createLogger({ task: 'record-answer-package-failure', candidateId: input.candidateId, buildId: input.buildId });
  const reason = `${input.error?.Error ?? 'Unknown'}: ${(input.error?.Cause ?? '').slice(0, 500)}`;
  return recordPackageFailure(input.candidateId, input.buildId, reason, log);
});
