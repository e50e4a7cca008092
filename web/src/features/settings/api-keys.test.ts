import { describe, expect, it } from 'vitest';
import { expiryDateRange, expiryFor, keyState, localDate } from './api-keys';

// A moment of 10 March 2026 in the test's own time zone, whatever it is.
const now = new Date(2026, 2, 10, 15, 30, 0);

describe('an API key’s expiry', () => {
  it('is null for never, and a number of days from now for a count', () => {
    expect(expiryFor('never', '', now)).toEqual({ expiresAt: null });
    expect(expiryFor('30', '', now)).toEqual({ expiresAt: new Date(now.getTime() + 30 * 86_400_000).toISOString() });
    expect(expiryFor('365', '2020-01-01', now)).toEqual({ expiresAt: new Date(now.getTime() + 365 * 86_400_000).toISOString() });
  });

  it('ends a picked date at its last second in the viewer’s time zone', () => {
    expect(expiryFor('date', '2026-04-01', now)).toEqual({ expiresAt: new Date(2026, 3, 1, 23, 59, 59).toISOString() });
    expect(expiryFor('date', localDate(new Date(2026, 2, 11)), now)).toEqual({ expiresAt: new Date(2026, 2, 11, 23, 59, 59).toISOString() });
  });

  it('refuses no date, an impossible one, today or the past, and one more than 730 days away', () => {
    expect(expiryFor('date', '', now)).toEqual({ problem: 'Choose the date the key stops working.' });
    expect(expiryFor('date', '2026-02-30', now)).toEqual({ problem: 'Choose the date the key stops working.' });
    expect(expiryFor('date', '2026-03-10', now)).toEqual({ problem: 'Choose a date after today.' });
    expect(expiryFor('date', '2025-12-31', now)).toEqual({ problem: 'Choose a date after today.' });
    const { max } = expiryDateRange(now);
    expect(expiryFor('date', max, now)).toHaveProperty('expiresAt');
    const after = new Date(2026, 2, 10 + 731);
    expect(expiryFor('date', localDate(after), now)).toEqual({ problem: 'Choose a date at most 730 days away.' });
  });

  it('offers dates from tomorrow', () => {
    expect(expiryDateRange(now).min).toBe('2026-03-11');
  });
});

describe('an API key’s state', () => {
  it('is revoked once revoked, expired past its expiry, active otherwise', () => {
    expect(keyState({ revokedAt: null, expiresAt: null }, now)).toBe('active');
    expect(keyState({ revokedAt: null, expiresAt: new Date(now.getTime() + 1000).toISOString() }, now)).toBe('active');
    expect(keyState({ revokedAt: null, expiresAt: new Date(now.getTime() - 1000).toISOString() }, now)).toBe('expired');
    expect(keyState({ revokedAt: now.toISOString(), expiresAt: new Date(now.getTime() - 1000).toISOString() }, now)).toBe('revoked');
  });
});
