import { describe, expect, it } from 'vitest';
import { tabCount, visibleTabs } from './tab-counts';

/** The tabs a position shows and what each counts (the candidates view's tabs and the position card's chips). */
describe('candidate tabs', () => {
  const counts = { invited: 3, responded: 2, shortlisted: 1, rejected: 4 };

  it('are all four with evaluation, each counting its own status', () => {
    expect(visibleTabs(true)).toEqual(['invited', 'responded', 'shortlisted', 'rejected']);
    expect(visibleTabs(true).map((tab) => tabCount(counts, tab, true))).toEqual([3, 2, 1, 4]);
  });

  it('are invited and responded without it, responded counting every candidate who responded', () => {
    expect(visibleTabs(false)).toEqual(['invited', 'responded']);
    expect(visibleTabs(false).map((tab) => tabCount(counts, tab, false))).toEqual([3, 7]);
  });
});
