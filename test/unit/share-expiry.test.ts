import { describe, expect, it } from 'vitest';
import { isShareExpired, shareExpiresAt } from '../../lambdas/domain/sharing';

describe('expiring share links (issue 28)', () => {
  const now = new Date('2026-11-26T12:00:00.000Z');

  it('expires a link the chosen number of days after it was shared, or never', () => {
    expect(shareExpiresAt(now, 1)).toBe('2026-11-27T12:00:00.000Z');
    expect(shareExpiresAt(now, 30)).toBe('2026-12-26T12:00:00.000Z');
    expect(shareExpiresAt(now, null)).toBeNull();
  });

  it('stops a link at its expiry itself, and never one without an expiry', () => {
    expect(isShareExpired('2026-11-26T12:00:00.001Z', now)).toBe(false);
    expect(isShareExpired('2026-11-26T12:00:00.000Z', now)).toBe(true);
    expect(isShareExpired('2026-11-01T00:00:00.000Z', now)).toBe(true);
    expect(isShareExpired(null, now)).toBe(false);
  });
});
