/**
 * Expiring share links (issue 28), as pure rules: a link shared for N days stops working N days
 * after it was shared (or its expiry last set); a link without an expiry works until revoked.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** When a link shared at `now` for `days` days expires (ISO), or null for a link that never does. */
export const shareExpiresAt = (now: Date, days: number | null): string | null =>
  days === null ? null : new Date(now.getTime() + days * DAY_MS).toISOString();

/** Whether a link with this expiry no longer works at `now` (it stops at the expiry itself). */
export const isShareExpired = (expiresAt: string | null, now: Date): boolean => expiresAt !== null && Date.parse(expiresAt) <= now.getTime();
