import * as z from 'zod/mini';
import { idSchema, multiLineText } from './common';
import { timeSchema } from './candidate';

/**
 * Comments on a candidate (issue 27): the team's discussion, each optionally pinned to a moment of
 * one of the candidate's answers ("at 1:23"), mentioning members who can see the position (they
 * are e-mailed a link). Visible to exactly the members who can see the candidate; never on the
 * public share page.
 */
export const COMMENT_MAX_CHARS = 2000;
/** Comments a page, newest first. */
export const COMMENT_PAGE_SIZE = 20;
/** Members one comment may mention. */
export const COMMENT_MAX_MENTIONS = 20;
/** The latest moment a pin may name (an answer is never longer than this). */
export const COMMENT_MAX_AT_SECONDS = 4 * 60 * 60;

export const commentIdParams = z.object({ commentId: idSchema });

const contentSchema = multiLineText(
  z.trim(),
  z.minLength(1, 'Write a comment.'),
  z.maxLength(COMMENT_MAX_CHARS, `Use at most ${COMMENT_MAX_CHARS} characters.`),
);

const mentionedUserIdsSchema = z._default(
  z.array(idSchema).check(
    z.maxLength(COMMENT_MAX_MENTIONS, `Mention at most ${COMMENT_MAX_MENTIONS} members.`),
    z.refine((ids) => new Set(ids).size === ids.length, 'Mention each member once.'),
  ),
  [],
);

/** A new comment: its text, the moment it is pinned to (`answer_id` and `at_seconds`, both or neither) and whom it mentions. */
export const newCommentSchema = z.object({
  content: contentSchema,
  answerId: z.optional(idSchema),
  atSeconds: z.optional(
    z
      .int('The moment must be a whole number of seconds.')
      .check(z.minimum(0, 'The moment must not be negative.'), z.maximum(COMMENT_MAX_AT_SECONDS, 'That moment is past the end of the answer.')),
  ),
  mentionedUserIds: mentionedUserIdsSchema,
});

/** An edit: the text and the mentions (the pin stays). */
export const commentEditSchema = z.object({ content: contentSchema, mentionedUserIds: mentionedUserIdsSchema });

/** A team member as a comment names them (members have an address, no other name). */
export const commentMemberSchema = z.object({ userId: z.string(), email: z.string() });

export const commentSchema = z.object({
  commentId: z.string(),
  candidateId: z.string(),
  author: commentMemberSchema,
  /** Whether the caller wrote it (only the author edits or deletes a comment). */
  isMine: z.boolean(),
  content: z.string(),
  /** The moment it is pinned to: an answer of the candidate's and a second of it; null when not pinned. */
  pin: z.nullable(z.object({ answerId: z.string(), questionIndex: z.int(), atSeconds: z.int() })),
  mentions: z.array(commentMemberSchema),
  createdAt: timeSchema,
  editedAt: z.nullable(timeSchema),
});

export type CommentView = z.infer<typeof commentSchema>;

/** A moment of an answer as people write it: 83 → "1:23", 3723 → "1:02:03". */
export const momentText = (seconds: number): string => {
  const whole = Math.max(0, Math.floor(seconds));
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
};
