import { canAccess } from './access';
import type { MemberRole } from '../contracts/vocabulary';

/**
 * The rules of comments on a candidate (issue 27), pure: where a comment may be pinned, whom it may
 * mention, and who hears of it.
 */

export const PIN_BOTH_OR_NEITHER = 'Pin a comment to both an answer and a moment of it, or to neither.';
export const PIN_NOT_AN_ANSWER = "That answer is not one of this candidate's.";
export const PIN_PAST_THE_END = 'That moment is past the end of the answer.';
export const MENTION_WITHOUT_ACCESS = 'You can only mention team members who can see this position.';

/**
 * Why a pin is refused, or null. `answer` is the candidate's answer of that id (undefined when they
 * have none), with its video's length when known; a moment may be at most the length's last second.
 */
export const pinProblem = (
  pin: { answerId?: string | undefined; atSeconds?: number | undefined },
  answer: { durationMillis: number | null } | undefined,
): string | null => {
  if ((pin.answerId === undefined) !== (pin.atSeconds === undefined)) return PIN_BOTH_OR_NEITHER;
  if (pin.answerId === undefined) return null;
  if (!answer) return PIN_NOT_AN_ANSWER;
  if (answer.durationMillis !== null && pin.atSeconds! > Math.ceil(answer.durationMillis / 1000)) return PIN_PAST_THE_END;
  return null;
};

export interface TeamMember {
  userId: string;
  email: string;
  userRole: MemberRole;
}

/** The members who can see the position (the same rule as the position and its candidates): the ones a comment may mention. */
export const mentionableMembers = <M extends TeamMember>(position: { sharing: { userIds: string[] } | null }, members: readonly M[]): M[] =>
  members.filter((m) => canAccess(position, { role: m.userRole, userId: m.userId }));

/** The mentioned ids that are not mentionable (each refused with MENTION_WITHOUT_ACCESS). */
export const unmentionable = (mentionedUserIds: readonly string[], mentionable: readonly { userId: string }[]): string[] => {
  const allowed = new Set(mentionable.map((m) => m.userId));
  return mentionedUserIds.filter((id) => !allowed.has(id));
};

/** Whom a comment's mentions e-mail: the mentioned, but not the author, nor anyone its earlier text mentioned already (an edit). */
export const mentionsToMail = <M extends { userId: string }>(
  mentions: readonly M[],
  authorUserId: string,
  mentionedBefore: readonly { userId: string }[] = [],
): M[] => {
  const before = new Set(mentionedBefore.map((m) => m.userId));
  return mentions.filter((m) => m.userId !== authorUserId && !before.has(m.userId));
};
