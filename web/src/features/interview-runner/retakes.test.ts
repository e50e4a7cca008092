import { describe, expect, it } from 'vitest';
import { retakesBadge, retakesLeftBeforeTake } from './retakes';

describe('retakes left before a take', () => {
  it('is every retake before the first take', () => {
    expect(retakesLeftBeforeTake(0, 0)).toBe(0);
    expect(retakesLeftBeforeTake(1, 0)).toBe(1);
    expect(retakesLeftBeforeTake(3, 0)).toBe(3);
  });
  it('counts each take after the first (an unsubmitted take makes the next one a retake)', () => {
    expect(retakesLeftBeforeTake(1, 1)).toBe(1);
    expect(retakesLeftBeforeTake(1, 2)).toBe(0);
    expect(retakesLeftBeforeTake(3, 2)).toBe(2);
    expect(retakesLeftBeforeTake(0, 1)).toBe(0);
  });
  it('is unlimited with no limit', () => {
    expect(retakesLeftBeforeTake(null, 5)).toBeNull();
  });
});

describe('the retakes badge', () => {
  it('says how many are available, and is not shown when none is', () => {
    expect(retakesBadge(null)).toBe('Unlimited retakes');
    expect(retakesBadge(1)).toBe('1 retake available');
    expect(retakesBadge(2)).toBe('2 retakes available');
    expect(retakesBadge(0)).toBeNull();
  });
});
