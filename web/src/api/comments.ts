import type * as z from 'zod/mini';
import type { commentEditSchema, commentMemberSchema, commentSchema, newCommentSchema } from '../../../lambdas/contracts/comment';
import type { listComments } from '../../../lambdas/operations/comments';
import { apiPath, callApi } from './client';
import { companyListChannel } from './company-list-channel';
import { useApi, usePagedApi } from './use-api';

export { COMMENT_MAX_CHARS, momentText } from '../../../lambdas/contracts/comment';
export type Comment = z.infer<typeof commentSchema>;
export type CommentMember = z.infer<typeof commentMemberSchema>;
export type CommentPage = z.infer<typeof listComments.response>;
export type NewComment = z.input<typeof newCommentSchema>;
export type CommentEdit = z.input<typeof commentEditSchema>;

/**
 * A candidate's comments (issue 27), newest first, page by page ("Show older comments" asks for the
 * next). A change is `mutate`d here and announced to the SPA's other tabs on a BroadcastChannel,
 * where the same candidate's list is fetched again (live list sync, as for message templates).
 */
const changes = companyListChannel('candidate-comments');
export const announceCommentsChanged = (candidateId: string) => changes.announce(candidateId);

export const useComments = (candidateId: string) => {
  const pages = usePagedApi(
    (previous: CommentPage | null) =>
      previous && !previous.cursor ? null : apiPath('listComments', { candidateId }, previous?.cursor ? { cursor: previous.cursor } : {}),
    { revalidateFirstPage: true },
  );
  changes.useRefetchOnChange(candidateId, pages.mutate);
  return pages;
};

/** The members a comment on the candidate may mention (those who can see the position). */
export const useMentionableMembers = (candidateId: string) => useApi(apiPath('listMentionableMembers', { candidateId }));

export const createCommentCall = (candidateId: string, body: NewComment) => callApi('createComment', { params: { candidateId }, body });
export const updateCommentCall = (commentId: string, body: CommentEdit) => callApi('updateComment', { params: { commentId }, body });
export const deleteCommentCall = (commentId: string) => callApi('deleteComment', { params: { commentId } });
