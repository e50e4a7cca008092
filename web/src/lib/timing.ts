import {
  effectivePacing,
  NO_ADJUSTMENT,
  TIMING_REQUEST_CHOICE_TEXT,
  type Pacing,
  type TimingAdjustment,
  type TimingRequestChoice,
} from '../../../lambdas/contracts/timing';
import { clock } from './take';

/**
 * The team's view of timing adjustments (issue 25): what an adjustment gives a candidate on top of
 * the position's pacing, in words. The rules themselves (effectivePacing, isAdjusted,
 * adjustmentForChoice) are the contract's, shared with the server (lambdas/contracts/timing.ts).
 */

/** A request in words: "double time", "no time limit". */
export const choiceText = (choice: TimingRequestChoice): string => TIMING_REQUEST_CHOICE_TEXT[choice];

/** A multiplier as the selector shows it: Standard, ×1.5, ×2, ×3. */
export const multiplierText = (multiplier: number): string => (multiplier === 1 ? 'Standard' : `×${multiplier}`);

const retakesText = (retakes: number | null) =>
  retakes === null ? 'unlimited retakes' : retakes === 0 ? 'no retakes' : `${retakes} retake${retakes === 1 ? '' : 's'}`;

/**
 * What a candidate gets, in one line: "Thinking time 1:00, answers up to 4:00, 1 retake"; with
 * time limits off "No time limits: no thinking countdown, answers of any length, no retakes".
 */
export const pacingSummary = (pacing: Pacing, adjustment: TimingAdjustment = NO_ADJUSTMENT): string => {
  const effective = effectivePacing(pacing, adjustment);
  const retakes = retakesText(effective.retakes);
  if (effective.answerTime === null) return `No time limits: no thinking countdown, answers of any length, ${retakes}`;
  const thinking =
    effective.thinkingTime === null
      ? 'Unlimited thinking time'
      : effective.thinkingTime === 0
        ? 'No thinking time'
        : `Thinking time ${clock(effective.thinkingTime)}`;
  return `${thinking}, answers up to ${clock(effective.answerTime)}, ${retakes}`;
};

/** An adjustment in a few words: "Time limits off, +1 retake", "×2 time"; "Standard timing" when there is none. */
export const adjustmentText = (adjustment: TimingAdjustment): string => {
  const parts = [
    adjustment.timeLimitsOff ? 'Time limits off' : adjustment.timeMultiplier !== 1 ? `${multiplierText(adjustment.timeMultiplier)} time` : null,
    adjustment.extraRetakes > 0 ? `+${adjustment.extraRetakes} retake${adjustment.extraRetakes === 1 ? '' : 's'}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'Standard timing';
};
