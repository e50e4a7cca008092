import * as z from 'zod/mini';
import { idSchema } from '../contracts/common';
import { commentEditSchema, commentIdParams, commentMemberSchema, commentSchema, newCommentSchema } from '../contracts/comment';
import { defineOperation } from './operation';

export const listComments = defineOperation({
  method: 'GET',
  path: '/candidates/{candidateId}/comments',
  auth: 'session',
  grants: ['table:read'],
  summary:
    "A page of the team's comments on a candidate (20 a page), newest first, in one Query of the candidate's partition; `cursor` continues after the page that returned it. Visible to the members who can see the candidate.",
  params: z.object({ candidateId: idSchema }),
  query: z.object({ cursor: z.optional(z.string().check(z.maxLength(1024))) }),
  response: z.object({ comments: z.array(commentSchema), cursor: z.nullable(z.string()) }),
});

export const listMentionableMembers = defineOperation({
  method: 'GET',
  path: '/candidates/{candidateId}/mentionable-members',
  auth: 'session',
  grants: ['table:read'],
  summary:
    "The members a comment on this candidate may mention: those who can see the candidate's position (the owners, and everyone or the members it is shared with).",
  params: z.object({ candidateId: idSchema }),
  response: z.object({ members: z.array(commentMemberSchema) }),
});

export const createComment = defineOperation({
  method: 'POST',
  idempotent: true,
  path: '/candidates/{candidateId}/comments',
  auth: 'session',
  grants: ['table:write', 'mail:send', 'app:links'],
  summary:
    'Comments on a candidate, optionally pinned to a moment of one of their answers (`answer_id` and `at_seconds`, both or neither, within the answer). Each mentioned member (they must be able to see the position) is e-mailed a link to the candidate at that moment.',
  params: z.object({ candidateId: idSchema }),
  body: newCommentSchema,
  response: commentSchema,
  successStatus: 201,
});

export const updateComment = defineOperation({
  method: 'PUT',
  idempotent: true,
  path: '/comments/{commentId}',
  auth: 'session',
  grants: ['table:write', 'mail:send', 'app:links'],
  summary: 'Edits your own comment: its text and mentions (the pin stays). Members newly mentioned are e-mailed.',
  params: commentIdParams,
  body: commentEditSchema,
  response: commentSchema,
});

export const deleteComment = defineOperation({
  method: 'DELETE',
  path: '/comments/{commentId}',
  auth: 'session',
  grants: ['table:write'],
  summary: 'Deletes your own comment.',
  params: commentIdParams,
  response: z.undefined(),
  successStatus: 204,
});
