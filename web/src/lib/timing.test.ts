import { describe, expect, it } from 'vitest';
import { adjustmentForChoice, NO_ADJUSTMENT } from '../../../lambdas/contracts/timing';
import { adjustmentText, pacingSummary } from './timing';

const pacing = { thinkingTime: 30, answerTime: 120, retakes: 1 };

describe('timing adjustments as the team sees them', () => {
  it('says in one line what the candidate gets', () => {
    expect(pacingSummary({ thinkingTime: 60, answerTime: 120, retakes: 0 }, { timeLimitsOff: false, timeMultiplier: 2, extraRetakes: 1 })).toBe(
      'Thinking time 2:00, answers up to 4:00, 1 retake',
    );
    expect(pacingSummary({ thinkingTime: 0, answerTime: 15, retakes: 0 })).toBe('No thinking time, answers up to 0:15, no retakes');
    expect(pacingSummary({ thinkingTime: null, answerTime: 90, retakes: null })).toBe(
      'Unlimited thinking time, answers up to 1:30, unlimited retakes',
    );
    expect(pacingSummary(pacing, adjustmentForChoice('no-time-limit'))).toBe(
      'No time limits: no thinking countdown, answers of any length, 1 retake',
    );
  });

  it('names an adjustment in a few words', () => {
    expect(adjustmentText(NO_ADJUSTMENT)).toBe('Standard timing');
    expect(adjustmentText({ timeLimitsOff: true, timeMultiplier: 1, extraRetakes: 2 })).toBe('Time limits off, +2 retakes');
    expect(adjustmentText({ timeLimitsOff: false, timeMultiplier: 1.5, extraRetakes: 0 })).toBe('×1.5 time');
  });
});
