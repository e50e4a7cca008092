import { describe, expect, it } from 'vitest';
import type { Criterion } from '../../lambdas/contracts/scorecard';
import { checkedScores, isScorable, listedScore, savedCriteria, scoreSortKey, scoreSummary, scorecardMean } from '../../lambdas/domain/scorecards';

const criterion = (criterionId: string, name: string): Criterion => ({ criterionId, name, guide1: null, guide3: null, guide5: null });
const input = (name: string, criterionId?: string) => ({ name, criterionId, guide1: null, guide3: null, guide5: null });
const ids = () => {
  let n = 0;
  return () => `new-${++n}`;
};

describe('savedCriteria', () => {
  it('keeps the id of an existing criterion and gives new ones new ids', () => {
    const existing = [criterion('a', 'Communication')];
    expect(savedCriteria([input('Clarity', 'a'), input('Ownership')], existing, ids())).toEqual([
      criterion('a', 'Clarity'),
      criterion('new-1', 'Ownership'),
    ]);
  });

  it('gives a new id to an id it does not know or that came twice', () => {
    const existing = [criterion('a', 'Communication')];
    expect(savedCriteria([input('One', 'a'), input('Two', 'a'), input('Three', 'made-up')], existing, ids())).toEqual([
      criterion('a', 'One'),
      criterion('new-1', 'Two'),
      criterion('new-2', 'Three'),
    ]);
  });

  it('refuses two criteria of the same name, whatever the case', () => {
    expect(savedCriteria([input('Clarity'), input('clarity')], [], ids())).toMatch(/Two criteria are named "clarity"/);
  });

  it('drops empty guides', () => {
    expect(savedCriteria([{ name: 'X', guide1: '', guide3: 'Fine', guide5: null }], [], ids())).toEqual([
      { criterionId: 'new-1', name: 'X', guide1: null, guide3: 'Fine', guide5: null },
    ]);
  });
});

describe('checkedScores', () => {
  const criteria = [criterion('a', 'Communication'), criterion('b', 'Role knowledge')];

  it('returns every criterion scored once, in the criteria order, with its name', () => {
    expect(
      checkedScores(criteria, [
        { criterionId: 'b', score: 2 },
        { criterionId: 'a', score: 5 },
      ]),
    ).toEqual([
      { criterionId: 'a', name: 'Communication', score: 5 },
      { criterionId: 'b', name: 'Role knowledge', score: 2 },
    ]);
  });

  it('names what is missing, twice or unknown', () => {
    expect(checkedScores(criteria, [{ criterionId: 'a', score: 5 }])).toBe('Score every criterion: Role knowledge.');
    expect(
      checkedScores(criteria, [
        { criterionId: 'a', score: 5 },
        { criterionId: 'a', score: 4 },
      ]),
    ).toBe('Score each criterion once.');
    expect(checkedScores(criteria, [{ criterionId: 'z', score: 5 }])).toMatch(/does not have/);
    expect(checkedScores([], [])).toBe('This position has no scorecard.');
  });
});

describe('scoreSummary', () => {
  it('means per criterion and the mean of the reviewers’ means; removed criteria last, by the name last given', () => {
    const criteria = [criterion('b', 'Knowledge'), criterion('a', 'Clarity')];
    const summary = scoreSummary(
      [
        {
          submittedAt: '2026-01-01T00:00:00.000Z',
          scores: [
            { criterionId: 'a', name: 'Communication', score: 4 },
            { criterionId: 'b', name: 'Knowledge', score: 2 },
            { criterionId: 'c', name: 'Old name', score: 1 },
          ],
        },
        {
          submittedAt: '2026-01-02T00:00:00.000Z',
          scores: [
            { criterionId: 'a', name: 'Clarity', score: 5 },
            { criterionId: 'c', name: 'Culture', score: 4 },
          ],
        },
      ],
      criteria,
    );
    expect(summary).toEqual({
      count: 2,
      // (4 + 2 + 1) / 3 and (5 + 4) / 2, then their mean.
      mean: 3.42,
      criteria: [
        { criterionId: 'b', name: 'Knowledge', mean: 2, count: 1, current: true },
        { criterionId: 'a', name: 'Clarity', mean: 4.5, count: 2, current: true },
        { criterionId: 'c', name: 'Culture', mean: 2.5, count: 2, current: false },
      ],
    });
  });

  it('has no mean before any scorecard', () => {
    expect(scoreSummary([], [criterion('a', 'A')])).toEqual({ count: 0, mean: null, criteria: [] });
  });
});

describe('the rest', () => {
  it('means a scorecard to two decimals', () => {
    expect(scorecardMean([1, 2, 2].map((score) => ({ criterionId: 'x', name: 'x', score })))).toBe(1.67);
  });

  it('orders scores as text', () => {
    const keys = [scoreSortKey(5, 'a'), scoreSortKey(1.5, 'b'), scoreSortKey(3.25, 'c'), scoreSortKey(1, 'd')];
    expect([...keys].sort().reverse()).toEqual(['5.000#a', '3.250#c', '1.500#b', '1.000#d']);
  });

  it('scores only candidates who responded', () => {
    expect(['invited', 'responded', 'shortlisted', 'rejected'].map(isScorable)).toEqual([false, true, true, true]);
  });
});

describe('listedScore', () => {
  it("gives a list sorted by score the count, and the mean only once the member's scorecard is in", () => {
    expect(listedScore({ count: 2, mean: 3.25 }, true)).toEqual({ count: 2, mean: 3.25 });
    expect(listedScore({ count: 2, mean: 3.25 }, false)).toEqual({ count: 2, mean: null });
    expect(listedScore(null, false)).toEqual({ count: 0, mean: null });
  });
});
