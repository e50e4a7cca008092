import { describe, expect, it } from 'vitest';
import { formatMean, listedScoreText, reviewerLabel } from './scores';

describe('formatMean', () => {
  it('writes at most two decimals, without trailing zeros', () => {
    expect([3, 3.5, 3.25, 3.333].map(formatMean)).toEqual(['3', '3.5', '3.25', '3.33']);
  });
});

describe('listedScoreText', () => {
  it('says the mean and how many scorecards make it', () => {
    expect(listedScoreText({ count: 2, mean: 3.25 })).toBe('Mean score 3.25 · 2 scorecards');
    expect(listedScoreText({ count: 1, mean: 4 })).toBe('Mean score 4 · 1 scorecard');
  });

  it('says only how many there are before the member has submitted theirs', () => {
    expect(listedScoreText({ count: 3, mean: null })).toBe('3 scorecards · submit yours to see the mean');
  });
});

describe('reviewerLabel', () => {
  const card = { reviewerId: 'u2', reviewerName: 'ada.lovelace@example.com' };
  it('names a colleague by their whole address, as the member list does, not the part before the @', () => {
    expect(reviewerLabel(card, 'u1')).toBe('ada.lovelace@example.com');
  });

  it('names the member "You"', () => {
    expect(reviewerLabel(card, 'u2')).toBe('You');
  });

  it('names a reviewer without a name "A former member"', () => {
    expect(reviewerLabel({ reviewerId: 'u3', reviewerName: ' ' }, 'u1')).toBe('A former member');
  });
});
