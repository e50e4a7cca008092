import {
  ANSWER_GRACE_SECONDS,
  UNLIMITED_ANSWER_SECONDS,
  type EffectivePacing,
  type TimingAdjustment,
  type TimingRequestChoice,
} from '../contracts/timing';

/**
 * Timing rules (issue 25, WCAG 2.2.1): a candidate's pacing is the position's as it was when they
 * were invited, with their adjustment applied. Pure, no I/O. The rules the SPA applies too
 * (effectivePacing, isAdjusted, adjustmentForChoice) are defined beside the shapes in the zod-free
 * contract and re-exported here for the server's use cases.
 */
export { adjustmentForChoice, effectivePacing, isAdjusted, sameAdjustment, type EffectivePacing, type Pacing } from '../contracts/timing';

/** How long one answer may be: its answer time, or the technical cap when there is no limit. */
export const answerLimitSeconds = (effective: Pick<EffectivePacing, 'answerTime'>): number => effective.answerTime ?? UNLIMITED_ANSWER_SECONDS;

/** Where the server cuts an answer (a live recording, an uploaded take): its limit plus the grace. */
export const answerCutSeconds = (effective: Pick<EffectivePacing, 'answerTime'>): number => answerLimitSeconds(effective) + ANSWER_GRACE_SECONDS;

/**
 * Whether the team's setting gives a candidate what they asked for (the answer to their request, in
 * the mail they wait for): no time limit needs time limits off; double time is given by twice the
 * time or more, or by no limit at all. Anything less declines it.
 */
export const grantsRequest = (choice: TimingRequestChoice, adjustment: TimingAdjustment): boolean =>
  adjustment.timeLimitsOff || (choice === 'double-time' && adjustment.timeMultiplier >= 2);
