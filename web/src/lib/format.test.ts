import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from './format';

describe('formatMoney', () => {
  it('shows minor units in their currency, whole amounts without zeros (spec §9 prices)', () => {
    expect(formatMoney(9000, 'usd')).toBe('$90');
    expect(formatMoney(450, 'eur')).toBe('€4.50');
    expect(formatMoney(240, 'gbp')).toBe('£2.40');
    expect(formatMoney(162000, 'eur')).toBe('€1,620');
  });
});

describe('formatDate', () => {
  it('shows a calendar date', () => {
    expect(formatDate('2026-06-05T12:00:00.000Z')).toBe('5 June 2026');
  });
});
