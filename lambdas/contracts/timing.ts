/**
 * Timing adjustments (issue 25, WCAG 2.2.1 Timing Adjustable): a candidate's time limits can be
 * turned off, lengthened or given extra retakes, by the team (per candidate, at invite time or
 * later, and as the default of the position's public apply link) or, where the position lets them,
 * by the candidate themself before their first question. Defined once for the API, the rules
 * (lambdas/domain/timing.ts) and the SPA; zod-free, so the candidate's app carries no schemas (those
 * are in timing-schemas.ts).
 */
import { LIVE_GRACE_SECONDS } from './live-recording';

/** What the thinking and answer times may be multiplied by. */
export const TIME_MULTIPLIERS = [1, 1.5, 2, 3] as const;
export type TimeMultiplier = (typeof TIME_MULTIPLIERS)[number];

/** Retakes that may be given on top of the position's. */
export const EXTRA_RETAKE_OPTIONS = [0, 1, 2, 3] as const;

/** A candidate's adjustment of the position's pacing. */
export interface TimingAdjustment {
  /** No thinking-time countdown and no answer-time limit (only UNLIMITED_ANSWER_SECONDS, a technical cap). */
  timeLimitsOff: boolean;
  /** Thinking and answer times are multiplied by this (when time limits are on). */
  timeMultiplier: TimeMultiplier;
  /** Retakes per question on top of the position's (one of EXTRA_RETAKE_OPTIONS). */
  extraRetakes: number;
}

/** The position's pacing as it is. */
export const NO_ADJUSTMENT: TimingAdjustment = { timeLimitsOff: false, timeMultiplier: 1, extraRetakes: 0 };

/** What a candidate may ask for themself: no time limit, or double time. */
export const TIMING_REQUEST_CHOICES = ['no-time-limit', 'double-time'] as const;
export type TimingRequestChoice = (typeof TIMING_REQUEST_CHOICES)[number];

/** A candidate's request the team has not answered yet (the position does not let candidates choose themselves). */
export interface TimingRequest {
  choice: TimingRequestChoice;
  requestedAt: string;
}

/** A choice in words, as e-mails and screens name it. */
export const TIMING_REQUEST_CHOICE_TEXT: Record<TimingRequestChoice, string> = {
  'no-time-limit': 'no time limit',
  'double-time': 'double time',
};

/**
 * The hard technical cap on one answer when time limits are off (one hour): a recording has to
 * end somewhere (the live recorder's stage, the upload's size, the transcoder's job), and no
 * interview answer needs longer. The recorder stops at it and the server cuts an upload at it (plus
 * ANSWER_GRACE_SECONDS), as with any other limit.
 */
export const UNLIMITED_ANSWER_SECONDS = 3600;

/**
 * What an answer may run past its limit before the server cuts it (a recorder's stop arrives a
 * little late): the live recording's grace, one value for every way an answer is recorded.
 */
export const ANSWER_GRACE_SECONDS = LIVE_GRACE_SECONDS;

/** How the position treats candidates' timing (its `candidateTiming` setting). */
export interface CandidateTimingSettings {
  /** Candidates may choose no time limit or double time themselves (before their first question); otherwise they ask the team. */
  selfService: boolean;
  /** The adjustment every candidate who applies through the position's public link gets. */
  applyLinkDefault: TimingAdjustment;
}

export const DEFAULT_CANDIDATE_TIMING: CandidateTimingSettings = { selfService: true, applyLinkDefault: NO_ADJUSTMENT };

/*
 * The pacing rules (pure): defined here, beside the shapes, so the server (lambdas/domain/timing.ts)
 * and the SPA apply the same ones.
 */
export interface Pacing {
  /** Seconds; null is unlimited. */
  thinkingTime: number | null;
  answerTime: number;
  /** Retakes allowed; null is unlimited. */
  retakes: number | null;
}

export interface EffectivePacing {
  /** Seconds; null is unlimited (no countdown). */
  thinkingTime: number | null;
  /** Seconds; null is no limit (only the technical cap, UNLIMITED_ANSWER_SECONDS). */
  answerTime: number | null;
  /** Retakes allowed; null is unlimited. */
  retakes: number | null;
}

/**
 * The pacing a candidate gets: with time limits off, no thinking-time countdown and no answer-time
 * limit; otherwise both times multiplied (to whole seconds; no thinking time stays none). Extra
 * retakes add to the position's (unlimited stays unlimited).
 */
export const effectivePacing = (pacing: Pacing, adjustment: TimingAdjustment): EffectivePacing => {
  const retakes = pacing.retakes === null ? null : pacing.retakes + adjustment.extraRetakes;
  if (adjustment.timeLimitsOff) return { thinkingTime: null, answerTime: null, retakes };
  const times = (seconds: number) => Math.round(seconds * adjustment.timeMultiplier);
  return { thinkingTime: pacing.thinkingTime === null ? null : times(pacing.thinkingTime), answerTime: times(pacing.answerTime), retakes };
};

/** Two adjustments that are the same. */
export const sameAdjustment = (a: TimingAdjustment, b: TimingAdjustment): boolean =>
  a.timeLimitsOff === b.timeLimitsOff && a.timeMultiplier === b.timeMultiplier && a.extraRetakes === b.extraRetakes;

/** Whether an adjustment changes anything. */
export const isAdjusted = (adjustment: TimingAdjustment): boolean => !sameAdjustment(adjustment, NO_ADJUSTMENT);

/** What a candidate's own choice gives them. */
export const adjustmentForChoice = (choice: TimingRequestChoice): TimingAdjustment =>
  choice === 'no-time-limit'
    ? { timeLimitsOff: true, timeMultiplier: 1, extraRetakes: 0 }
    : { timeLimitsOff: false, timeMultiplier: 2, extraRetakes: 0 };
