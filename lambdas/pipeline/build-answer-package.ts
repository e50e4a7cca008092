import * as z from 'zod/mini';
import '../contracts/zod-locale';
import { buildAnswerPackage } from '../app/review/answer-package-build';
import { createLogger, withLogContext } from '../platform/logger';

/**
 * Answer-package builder task (lambdas/pipeline/answer-package.asl.ts): streams the candidate's
 * processed answer videos into one zip in S3 and records the package completed.
 */
const inputSchema = z.object({ candidateId: z.string().check(z.minLength(1)), buildId: z.string().check(z.minLength(1)) });

export const handler = withLogContext('build-answer-package', async (event: unknown) => {
  const input = inputSchema.parse(event);
  return buildAnswerPackage(input, createLogger({ task: 'build-answer-package', ...input }));
});
