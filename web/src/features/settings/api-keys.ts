import { API_KEY_MAX_DAYS } from '../../../../lambdas/contracts/api-keys';

/**
 * The rules of Company settings → API (issue 38) that need no screen: the expiry a choice gives,
 * and what a key's state is now.
 */

/** The expiry choices: never, a number of days from now, or a date picked. */
export const EXPIRY_CHOICES = ['never', '30', '90', '365', 'date'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

export const expiryChoiceLabel = (choice: ExpiryChoice): string =>
  choice === 'never' ? 'Never' : choice === 'date' ? 'On a date…' : `In ${choice} days`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** `yyyy-mm-dd` of a moment in the viewer's time zone (a date input's value). */
export const localDate = (at: Date): string =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

/** The first and last dates the date picker offers: tomorrow, and API_KEY_MAX_DAYS from now. */
export const expiryDateRange = (now: Date): { min: string; max: string } => ({
  min: localDate(new Date(now.getTime() + DAY_MS)),
  max: localDate(new Date(now.getTime() + API_KEY_MAX_DAYS * DAY_MS)),
});

/**
 * The expiry to send (an ISO date-time, or null for never) or why the choice cannot be sent. A date
 * picked means the key works through that day: it expires at the end of it, in the viewer's time zone.
 */
export const expiryFor = (choice: ExpiryChoice, date: string, now: Date): { expiresAt: string | null } | { problem: string } => {
  if (choice === 'never') return { expiresAt: null };
  if (choice !== 'date') return { expiresAt: new Date(now.getTime() + Number(choice) * DAY_MS).toISOString() };
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return { problem: 'Choose the date the key stops working.' };
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
  if (Number.isNaN(end.getTime()) || localDate(end) !== date) return { problem: 'Choose the date the key stops working.' };
  const { min, max } = expiryDateRange(now);
  if (date < min) return { problem: 'Choose a date after today.' };
  if (date > max) return { problem: `Choose a date at most ${API_KEY_MAX_DAYS} days away.` };
  return { expiresAt: end.toISOString() };
};

export type KeyState = 'active' | 'expired' | 'revoked';

/** A key is revoked once revoked, expired once its expiry has passed, active otherwise. */
export const keyState = (key: { revokedAt: string | null; expiresAt: string | null }, now: Date): KeyState =>
  key.revokedAt ? 'revoked' : key.expiresAt && Date.parse(key.expiresAt) <= now.getTime() ? 'expired' : 'active';
