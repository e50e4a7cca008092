import * as z from 'zod/mini';
import { DEFAULT_CANDIDATE_TIMING, EXTRA_RETAKE_OPTIONS, TIME_MULTIPLIERS, TIMING_REQUEST_CHOICES } from './timing';

/** The schemas of timing adjustments (issue 25): the wire shapes of contracts/timing.ts. */
const choose = (options: readonly number[], label: string) => `${label} must be one of ${options.join(', ')}.`;

export const timingAdjustmentSchema = z.object({
  timeLimitsOff: z.boolean('Say whether time limits are off (true or false).'),
  timeMultiplier: z.literal(TIME_MULTIPLIERS, choose(TIME_MULTIPLIERS, 'The time multiplier')),
  // A number (as TimingAdjustment has it), one of the options.
  extraRetakes: z
    .int(choose(EXTRA_RETAKE_OPTIONS, 'Extra retakes'))
    .check(z.refine((value) => (EXTRA_RETAKE_OPTIONS as readonly number[]).includes(value), choose(EXTRA_RETAKE_OPTIONS, 'Extra retakes'))),
});

export const timingRequestChoiceSchema = z.enum(TIMING_REQUEST_CHOICES, 'Choose no-time-limit or double-time.');

export const timingRequestSchema = z.object({ choice: timingRequestChoiceSchema, requestedAt: z.string() });

/** The position's setting (positionBodySchema's `candidateTiming`): absent, candidates choose themselves and apply-link candidates get no adjustment. */
export const candidateTimingSchema = z._default(
  z.object({
    selfService: z.boolean('Say whether candidates may choose their timing themselves (true or false).'),
    applyLinkDefault: timingAdjustmentSchema,
  }),
  () => ({ selfService: DEFAULT_CANDIDATE_TIMING.selfService, applyLinkDefault: { ...DEFAULT_CANDIDATE_TIMING.applyLinkDefault } }),
);

/** A candidate's pacing with their adjustment applied (lambdas/domain/timing.ts): null is unlimited (no answer time limit). */
export const effectivePacingSchema = z.object({
  thinkingTime: z.nullable(z.int()),
  answerTime: z.nullable(z.int()),
  retakes: z.nullable(z.int()),
});
