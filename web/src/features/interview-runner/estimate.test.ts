import { describe, expect, it } from 'vitest';
import { estimateTime } from './estimate';

describe("the welcome's time estimate", () => {
  it('adds up the thinking and answer time of each question, in whole minutes', () => {
    expect(estimateTime({ thinkingTime: 30, answerTime: 120 }, 5).headline).toBe('Up to 13 minutes');
    expect(estimateTime({ thinkingTime: 0, answerTime: 15 }, 1).headline).toBe('Up to 1 minute');
    expect(estimateTime({ thinkingTime: 60, answerTime: 240 }, 2).headline).toBe('Up to 10 minutes');
  });
  it('counts answers alone when thinking takes as long as one likes', () => {
    const estimate = estimateTime({ thinkingTime: null, answerTime: 60 }, 3);
    expect(estimate.headline).toBe('Up to 3 minutes of answers');
    expect(estimate.detail).toContain('the time you take to think');
  });
  it('does not guess without an answer limit', () => {
    expect(estimateTime({ thinkingTime: null, answerTime: null }, 3).headline).toBe('No time limit');
  });
});
