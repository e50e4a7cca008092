import { sendMail } from '../../adapters/mail';
import { paths } from '../../contracts/app-paths';
import type { CommentView } from '../../contracts/comment';
import { getCompany, type Company } from '../../data/companies';
import { submittedAnswers, type Candidate } from '../../data/candidates/candidate';
import {
  CommentRefused,
  createComment as storeComment,
  deleteComment as removeComment,
  findComment,
  listComments as readComments,
  updateComment as storeEdit,
  type CommentMember,
  type StoredComment,
} from '../../data/candidates/comments';
import { mediaItemsRead } from '../../data/media';
import { listMembers } from '../../data/members';
import { timeField } from '../../domain/candidates';
import { MENTION_WITHOUT_ACCESS, mentionableMembers, mentionsToMail, pinProblem, unmentionable, type TeamMember } from '../../domain/comments';
import { mentionEmail } from '../../domain/emails/mention';
import { appLink } from '../../platform/app-origin';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { alongside } from '../access/alongside';
import { callerId, type Caller } from '../access/caller';
import { requireCandidateAccess, requireCandidateAccessAt } from '../access/candidate';
import type { Position } from '../access/position';
import { emailBrand } from '../companies/branding';

/**
 * Comments on a candidate (issue 27). Everything goes through the candidate's access check, so a
 * comment is visible to exactly the members who can see the candidate; the public share page
 * never reads them. Only a comment's author edits or deletes it. Mentions name members who can see
 * the position (anyone else is a 400), and each one mentioned is e-mailed a link to the candidate
 * at the pinned moment.
 */

const COMMENT_NOT_FOUND = 'Comment not found.';
const NOT_YOURS = 'You can only change your own comments.';

const view = (comment: StoredComment, userId: string, now = new Date()): CommentView => ({
  commentId: comment.commentId,
  candidateId: comment.candidateId,
  author: comment.author,
  isMine: comment.author.userId === userId,
  content: comment.content,
  pin: comment.pin,
  mentions: comment.mentions,
  createdAt: timeField(comment.createdAt, now)!,
  editedAt: timeField(comment.editedAt, now),
});

/** The members who can see the position: those a comment may mention. */
const teamWithAccess = (position: Position, team: { members: TeamMember[] }) => mentionableMembers(position, team.members);

/** The mentioned members, or a 400 naming the rule when one of them cannot see the position. */
const mentionsOf = (mentionedUserIds: readonly string[], mentionable: TeamMember[]): CommentMember[] => {
  if (unmentionable(mentionedUserIds, mentionable).length > 0) throw badRequest(MENTION_WITHOUT_ACCESS, 'mention_without_access');
  return mentionedUserIds.map((id) => {
    const member = mentionable.find((m) => m.userId === id)!;
    return { userId: member.userId, email: member.email };
  });
};

/** Mails each of `to` about the comment. A failed mail is logged: the comment stands. */
const mailMentions = async (
  to: CommentMember[],
  comment: StoredComment,
  context: { candidate: Candidate; position: Position; company: Company | null },
  log: Logger,
) => {
  if (to.length === 0) return;
  const { candidate, position, company } = context;
  const pin = comment.pin;
  const [candidateHref, brand] = await Promise.all([
    appLink(
      paths.candidate.to(candidate.companyId, candidate.positionId, candidate.candidateId, pin ? { answer: pin.answerId, at: pin.atSeconds } : {}),
    ),
    company ? emailBrand(company) : null,
  ]);
  const sent = await Promise.allSettled(
    to.map((member) =>
      sendMail(
        mentionEmail(
          {
            to: member.email,
            authorEmail: comment.author.email,
            candidateName: candidate.candidateName,
            jobTitle: position.jobTitle,
            content: comment.content,
            pin: pin ? { answerNumber: pin.questionIndex + 1, atSeconds: pin.atSeconds } : null,
            candidateHref,
          },
          brand,
        ),
      ),
    ),
  );
  sent.forEach((result, i) => {
    if (result.status === 'rejected')
      log.error('mention mail failed', { commentId: comment.commentId, userId: to[i]!.userId, error: String(result.reason) });
  });
};

/** A page of the candidate's comments, newest first (the Query runs alongside the access check). */
export const listCandidateComments = async (candidateId: string, cursor: string | undefined, caller: Caller) => {
  const [{ membership }, page] = await alongside(requireCandidateAccess(candidateId, caller), readComments(candidateId, cursor));
  const now = new Date();
  return { comments: page.comments.map((c) => view(c, membership.userId, now)), cursor: page.cursor };
};

/** The members a comment on the candidate may mention (the team read alongside the check). */
export const mentionableMembersOf = async (candidateId: string, caller: Caller) => {
  const { position, read: team } = await requireCandidateAccess(candidateId, caller, (c) => listMembers(c.companyId));
  return { members: teamWithAccess(position, team).map((m) => ({ userId: m.userId, email: m.email })) };
};

export interface NewComment {
  content: string;
  answerId?: string | undefined;
  atSeconds?: number | undefined;
  mentionedUserIds: string[];
}

/**
 * Comments on a candidate: two rounds of reads (the candidate, then in the check's BatchGetItem the
 * pinned answer's media for its length, alongside the team and the company), one write, then the mails.
 */
export const commentOnCandidate = async (candidateId: string, input: NewComment, caller: Caller, log: Logger) => {
  const pinned = (c: Candidate) => submittedAnswers(c).find((a) => a.answerId === input.answerId);
  const {
    candidate,
    position,
    membership,
    read: [team, company],
    batched: media,
  } = await requireCandidateAccess(candidateId, caller, (c) => Promise.all([listMembers(c.companyId), getCompany(c.companyId)]), {
    batch: (c) => mediaItemsRead([pinned(c)?.mediaId].filter((id): id is string => id !== undefined)),
  });
  const answer = input.answerId === undefined ? undefined : pinned(candidate);
  const problem = pinProblem(input, answer && { durationMillis: (answer.mediaId ? media.get(answer.mediaId) : undefined)?.durationMillis ?? null });
  if (problem) throw badRequest(problem, 'invalid_pin');
  const mentionable = teamWithAccess(position, team);
  const mentions = mentionsOf(input.mentionedUserIds, mentionable);
  const authorEmail = team.members.find((m) => m.userId === membership.userId)?.email ?? '';
  const comment = await storeComment({
    candidateId: candidate.candidateId,
    positionId: candidate.positionId,
    companyId: candidate.companyId,
    author: { userId: membership.userId, email: authorEmail },
    content: input.content,
    pin: answer ? { answerId: answer.answerId, questionIndex: answer.questionIndex, atSeconds: input.atSeconds! } : null,
    mentions,
  });
  await mailMentions(mentionsToMail(mentions, membership.userId), comment, { candidate, position, company }, log);
  return view(comment, membership.userId);
};

/** A comment the caller may change: found by id, its candidate visible to them (else 404), and theirs (else 403). */
const ownComment = async <R>(commentId: string, caller: Caller, reads?: (companyId: string) => Promise<R>) => {
  const [userId, comment] = await alongside(callerId(caller), findComment(commentId));
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
  const access = await requireCandidateAccessAt(comment, userId, reads);
  if (comment.author.userId !== userId) throw forbidden(NOT_YOURS, 'not_your_comment');
  return { comment, userId, ...access };
};

const refusedAsGone = (error: unknown) => {
  if (error instanceof CommentRefused) return notFound(COMMENT_NOT_FOUND);
  return error;
};

/** Edits one's own comment (text and mentions); members newly mentioned are mailed. */
export const editComment = async (commentId: string, edit: { content: string; mentionedUserIds: string[] }, caller: Caller, log: Logger) => {
  const {
    comment,
    userId,
    candidate,
    position,
    read: [team, company],
  } = await ownComment(commentId, caller, (companyId) => Promise.all([listMembers(companyId), getCompany(companyId)]));
  const mentions = mentionsOf(edit.mentionedUserIds, teamWithAccess(position, team));
  const edited = await storeEdit(comment, userId, { content: edit.content, mentions }).catch((error: unknown) => {
    throw refusedAsGone(error);
  });
  await mailMentions(mentionsToMail(mentions, userId, comment.mentions), edited, { candidate, position, company }, log);
  return view(edited, userId);
};

/** Deletes one's own comment. */
export const deleteOwnComment = async (commentId: string, caller: Caller) => {
  const { comment, userId } = await ownComment(commentId, caller);
  await removeComment(comment, userId).catch((error: unknown) => {
    throw refusedAsGone(error);
  });
};
