import { describe, expect, it } from 'vitest';
import { LIVE_GRACE_SECONDS } from '../../lambdas/contracts/live-recording';
import { ANSWER_GRACE_SECONDS, NO_ADJUSTMENT, UNLIMITED_ANSWER_SECONDS, type TimingAdjustment } from '../../lambdas/contracts/timing';
import { candidateTimingSchema, timingAdjustmentSchema, timingRequestChoiceSchema } from '../../lambdas/contracts/timing-schemas';
import { pipelineClip, timecodeOf } from '../../lambdas/domain/media';
import { adjustmentForChoice, answerCutSeconds, answerLimitSeconds, effectivePacing, grantsRequest, isAdjusted } from '../../lambdas/domain/timing';
import { secondsOfTimecode } from '../../lib/local/media-tasks';

const pacing = { thinkingTime: 30, answerTime: 45, retakes: 1 };
const adjust = (change: Partial<TimingAdjustment>): TimingAdjustment => ({ ...NO_ADJUSTMENT, ...change });

describe('timing adjustments (issue 25)', () => {
  it('leave the pacing as it is without an adjustment', () => {
    expect(effectivePacing(pacing, NO_ADJUSTMENT)).toEqual(pacing);
    expect(effectivePacing({ thinkingTime: null, answerTime: 15, retakes: null }, NO_ADJUSTMENT)).toEqual({
      thinkingTime: null,
      answerTime: 15,
      retakes: null,
    });
  });

  it('turn every time limit off, keeping the retakes', () => {
    expect(effectivePacing(pacing, adjust({ timeLimitsOff: true }))).toEqual({ thinkingTime: null, answerTime: null, retakes: 1 });
    // With time limits off, a multiplier does nothing; extra retakes still count.
    expect(effectivePacing(pacing, adjust({ timeLimitsOff: true, timeMultiplier: 3, extraRetakes: 2 }))).toEqual({
      thinkingTime: null,
      answerTime: null,
      retakes: 3,
    });
  });

  it('multiply the thinking and answer times to whole seconds', () => {
    expect(effectivePacing(pacing, adjust({ timeMultiplier: 2 }))).toEqual({ thinkingTime: 60, answerTime: 90, retakes: 1 });
    expect(effectivePacing(pacing, adjust({ timeMultiplier: 1.5 }))).toEqual({ thinkingTime: 45, answerTime: 68, retakes: 1 });
    expect(effectivePacing({ thinkingTime: 15, answerTime: 15, retakes: 0 }, adjust({ timeMultiplier: 3 }))).toEqual({
      thinkingTime: 45,
      answerTime: 45,
      retakes: 0,
    });
    // No thinking time stays none; unlimited thinking time stays unlimited.
    expect(effectivePacing({ thinkingTime: 0, answerTime: 30, retakes: 0 }, adjust({ timeMultiplier: 2 })).thinkingTime).toBe(0);
    expect(effectivePacing({ thinkingTime: null, answerTime: 30, retakes: 0 }, adjust({ timeMultiplier: 2 })).thinkingTime).toBeNull();
  });

  it('add extra retakes to the position’s, unlimited staying unlimited', () => {
    expect(effectivePacing(pacing, adjust({ extraRetakes: 2 })).retakes).toBe(3);
    expect(effectivePacing({ ...pacing, retakes: 0 }, adjust({ extraRetakes: 1 })).retakes).toBe(1);
    expect(effectivePacing({ ...pacing, retakes: null }, adjust({ extraRetakes: 3 })).retakes).toBeNull();
  });

  it('say whether a candidate is adjusted', () => {
    expect(isAdjusted(NO_ADJUSTMENT)).toBe(false);
    expect(isAdjusted(adjust({ timeLimitsOff: true }))).toBe(true);
    expect(isAdjusted(adjust({ timeMultiplier: 1.5 }))).toBe(true);
    expect(isAdjusted(adjust({ extraRetakes: 1 }))).toBe(true);
  });

  it('cap an answer without a limit at the technical cap, and cut it after the live recording’s grace', () => {
    expect(answerLimitSeconds({ answerTime: 90 })).toBe(90);
    expect(answerLimitSeconds({ answerTime: null })).toBe(UNLIMITED_ANSWER_SECONDS);
    expect(UNLIMITED_ANSWER_SECONDS).toBe(3600);
    expect(ANSWER_GRACE_SECONDS).toBe(LIVE_GRACE_SECONDS);
    expect(answerCutSeconds({ answerTime: 15 })).toBe(15 + LIVE_GRACE_SECONDS);
    expect(answerCutSeconds({ answerTime: null })).toBe(3600 + LIVE_GRACE_SECONDS);
  });

  it('give a candidate’s own choice its adjustment', () => {
    expect(adjustmentForChoice('no-time-limit')).toEqual({ timeLimitsOff: true, timeMultiplier: 1, extraRetakes: 0 });
    expect(adjustmentForChoice('double-time')).toEqual({ timeLimitsOff: false, timeMultiplier: 2, extraRetakes: 0 });
  });

  it('say whether the team’s setting grants a candidate’s request or declines it', () => {
    expect(grantsRequest('no-time-limit', adjust({ timeLimitsOff: true }))).toBe(true);
    expect(grantsRequest('no-time-limit', adjust({ timeMultiplier: 3 }))).toBe(false);
    expect(grantsRequest('no-time-limit', NO_ADJUSTMENT)).toBe(false);
    expect(grantsRequest('double-time', adjust({ timeMultiplier: 2 }))).toBe(true);
    expect(grantsRequest('double-time', adjust({ timeMultiplier: 3 }))).toBe(true);
    expect(grantsRequest('double-time', adjust({ timeLimitsOff: true }))).toBe(true);
    expect(grantsRequest('double-time', adjust({ timeMultiplier: 1.5, extraRetakes: 3 }))).toBe(false);
    expect(grantsRequest('double-time', NO_ADJUSTMENT)).toBe(false);
  });

  it('validate adjustments with clear messages', () => {
    expect(timingAdjustmentSchema.parse({ timeLimitsOff: false, timeMultiplier: 1.5, extraRetakes: 3 })).toEqual({
      timeLimitsOff: false,
      timeMultiplier: 1.5,
      extraRetakes: 3,
    });
    const bad = timingAdjustmentSchema.safeParse({ timeLimitsOff: 'yes', timeMultiplier: 4, extraRetakes: 5 });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['timeLimitsOff', 'Say whether time limits are off (true or false).'],
      ['timeMultiplier', 'The time multiplier must be one of 1, 1.5, 2, 3.'],
      ['extraRetakes', 'Extra retakes must be one of 0, 1, 2, 3.'],
    ]);
    expect(timingAdjustmentSchema.safeParse({ timeLimitsOff: false, timeMultiplier: 1, extraRetakes: 1.5 }).success).toBe(false);
    expect(timingRequestChoiceSchema.safeParse('triple-time').error?.issues[0]?.message).toBe('Choose no-time-limit or double-time.');
    // A position saved without the setting: candidates choose themselves, apply-link candidates get no adjustment.
    expect(candidateTimingSchema.parse(undefined)).toEqual({ selfService: true, applyLinkDefault: NO_ADJUSTMENT });
  });

  it('cut a processed answer at its limit: an end timecode the transcoders read alike', () => {
    expect(timecodeOf(20)).toBe('00:00:20:00');
    expect(timecodeOf(3605)).toBe('01:00:05:00');
    expect(secondsOfTimecode(timecodeOf(3605))).toBe(3605);
    expect(secondsOfTimecode('00:01:02:15')).toBe(62.5);
    expect(pipelineClip(20)).toEqual({ clip: { maxMillis: 20_000, endTimecode: '00:00:20:00' } });
    expect(pipelineClip(null)).toEqual({});
    expect(pipelineClip(undefined)).toEqual({});
  });
});
