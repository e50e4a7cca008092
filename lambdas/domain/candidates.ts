import { canAccess } from './access';
import type { CandidateStatus } from '../contracts/candidate-status';
import type { SubscriptionStatus } from './company';
import { offsetDays } from './messages';
import { type MemberRole } from '../contracts/vocabulary';

/** Candidate rules (spec §4 Candidate status, §6 Plan gating, §9 Invite expiry): pure, no I/O. */
export type { CandidateStatus } from '../contracts/candidate-status';

/** Subscribed and complimentary companies invite without spending credits. */
export const spendsCredits = (subscriptionStatus: SubscriptionStatus) =>
  subscriptionStatus !== 'subscribed' && subscriptionStatus !== 'complimentary';

/** The deadline of an invite made at `now` for a position whose invites expire after `offset` (null = never). */
export const inviteExpiry = (offset: string | null, now: Date): string | null =>
  offset === null ? null : new Date(now.getTime() + offsetDays(offset) * 24 * 60 * 60 * 1000).toISOString();

export const isExpired = (expiresAt: string | null, now: Date) => expiresAt !== null && expiresAt <= now.toISOString();

/** A tab's list sorts invited candidates by invite time and the others by completion time, newest first. */
export const sortTimeOf = (candidate: { currentStatus: CandidateStatus; createdAt: string; completedAt: string | null }) =>
  candidate.currentStatus === 'invited' ? candidate.createdAt : (candidate.completedAt ?? candidate.createdAt);

/** How many recordings a question allows: the first take plus the retakes (null = unlimited). */
export const allowedAttempts = (retakes: number | null) => (retakes === null ? null : retakes + 1);

export const retakesLeft = (retakes: number | null, attemptsUsed: number) => (retakes === null ? null : Math.max(0, retakes + 1 - attemptsUsed));

/**
 * Who hears of a response (spec §6): `notifying` names members, otherwise everyone with access
 * (the whole team, or the owners plus the members the position is shared with).
 */
export const notificationRecipients = (
  position: { sharing: { userIds: string[] } | null; notifying: { userIds: string[] } | null },
  members: { userId: string; email: string; userRole: MemberRole }[],
): string[] => {
  const withAccess = members.filter((m) => canAccess(position, { role: m.userRole, userId: m.userId }));
  const notified = position.notifying === null ? withAccess : withAccess.filter((m) => position.notifying!.userIds.includes(m.userId));
  return [...new Set(notified.map((m) => m.email))];
};

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 days ago", "in 6 days", "now": the spec's time fields carry the value and this text. */
export const relativeTime = (iso: string, now: Date): string => {
  const seconds = (new Date(iso).getTime() - now.getTime()) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(0, 'second');
};

export const timeField = (iso: string | null, now: Date) => (iso === null ? null : { timeValue: iso, relativeTime: relativeTime(iso, now) });

/** A candidate's rating: the mean of their rated answers, to one decimal (null when none is rated). */
export const averageRating = (ratings: (number | null)[]): number | null => {
  const rated = ratings.filter((r): r is number => r !== null);
  return rated.length === 0 ? null : Math.round((rated.reduce((a, b) => a + b, 0) / rated.length) * 10) / 10;
};
