import {
  DEFAULT_CANDIDATE_TIMING,
  NO_ADJUSTMENT,
  type CandidateTimingSettings,
  type TimingAdjustment,
  type TimingRequest,
} from '../contracts/timing';

/**
 * Timing adjustments as the table stores them (issue 25): on a candidate (`timing`, `timingRequest`)
 * and on a position (`candidateTiming`). Only these fields are written; reading fills what older
 * items lack with the defaults (no adjustment; candidates choose themselves).
 */
export const storedTiming = (stored: Partial<TimingAdjustment> | null | undefined): TimingAdjustment => ({
  timeLimitsOff: stored?.timeLimitsOff === true,
  timeMultiplier: stored?.timeMultiplier ?? NO_ADJUSTMENT.timeMultiplier,
  extraRetakes: stored?.extraRetakes ?? NO_ADJUSTMENT.extraRetakes,
});

export const storedTimingRequest = (stored: Partial<TimingRequest> | null | undefined): TimingRequest | null =>
  stored?.choice && stored.requestedAt ? { choice: stored.choice, requestedAt: stored.requestedAt } : null;

export const storedCandidateTiming = (stored: Partial<CandidateTimingSettings> | null | undefined): CandidateTimingSettings => ({
  selfService: typeof stored?.selfService === 'boolean' ? stored.selfService : DEFAULT_CANDIDATE_TIMING.selfService,
  applyLinkDefault: storedTiming(stored?.applyLinkDefault ?? DEFAULT_CANDIDATE_TIMING.applyLinkDefault),
});
