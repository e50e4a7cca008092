import * as z from 'zod/mini';
import { companyIdParams } from '../contracts/account';
import { POSITION_ACTIONS, POSITION_STATUSES } from '../contracts/vocabulary';
import {
  contentItemSchema,
  interviewSchema,
  jobTitleSchema,
  positionBodySchema,
  positionIdParams,
  positionSchema,
  positionSummarySchema,
} from '../contracts/position';
import { defineOperation } from './operation';

export const listPositions = defineOperation({
  method: 'GET',
  path: '/companies/{companyId}/positions',
  auth: 'session',
  apiKeyScope: 'read',
  grants: ['table:read', 'app:links'],
  summary:
    "A page of the company's positions in one status, newest first (one query), each with its counts, the responded candidates no member has opened yet (`new_to_review`), the latest response's time and its apply link.",
  params: companyIdParams,
  query: z.object({
    status: z._default(z.enum(POSITION_STATUSES), 'open'),
    cursor: z.optional(z.string().check(z.maxLength(1024))),
  }),
  response: z.object({ positions: z.array(positionSummarySchema), cursor: z.nullable(z.string()) }),
});

export const createPosition = defineOperation({
  method: 'POST',
  idempotent: true,
  path: '/companies/{companyId}/positions',
  auth: 'session',
  apiKeyScope: 'positions:manage',
  grants: ['table:write', 'app:links', 'events:put'],
  summary: 'Creates an open position from the wizard (job title and interview).',
  params: companyIdParams,
  body: z.object({ jobTitle: jobTitleSchema, interview: interviewSchema }),
  response: z.object({ positionId: z.string() }),
  successStatus: 201,
});

export const getPosition = defineOperation({
  method: 'GET',
  path: '/positions/{positionId}',
  auth: 'session',
  apiKeyScope: 'read',
  grants: ['table:read', 'app:links'],
  summary: 'A position with its interview, access, notifications, messages, deadline and public link.',
  params: positionIdParams,
  response: positionSchema,
});

export const updatePosition = defineOperation({
  method: 'PUT',
  path: '/positions/{positionId}',
  auth: 'session',
  apiKeyScope: 'positions:manage',
  grants: ['table:write', 'app:links'],
  summary: 'Replaces the editable body of a position. `version` must be the one read: a concurrent edit gives 409.',
  params: positionIdParams,
  body: z.extend(positionBodySchema, { interview: interviewSchema, version: z.int().check(z.nonnegative()) }),
  response: positionSchema,
});

export const setPositionStatus = defineOperation({
  method: 'PUT',
  path: '/positions/{positionId}/{status}',
  auth: 'session',
  apiKeyScope: 'positions:manage',
  grants: ['table:write', 'app:links', 'events:put'],
  summary: 'close or open (re-open) a position. (`delete` on this path is deletePosition, a function of its own.)',
  params: z.extend(positionIdParams, { status: z.enum(POSITION_ACTIONS) }),
  response: z.object({ positionId: z.string(), currentStatus: z.enum(POSITION_STATUSES) }),
});

/** The spec's `PUT /positions/{positionId}/{status}` with `delete`, as a function of its own (API Gateway matches the literal route first). */
export const deletePosition = defineOperation({
  method: 'PUT',
  path: '/positions/{positionId}/delete',
  auth: 'session',
  apiKeyScope: 'positions:manage',
  grants: ['table:write', 'media:read', 'media:delete', 'events:put'],
  timeoutSeconds: 60,
  summary: 'Deletes a closed position with its candidates and their media.',
  params: positionIdParams,
  response: z.object({ positionId: z.string(), currentStatus: z.literal('deleted') }),
});

export const createApplyLink = defineOperation({
  method: 'POST',
  path: '/positions/{positionId}/apply-links',
  auth: 'session',
  grants: ['table:write', 'app:links'],
  summary: "Creates the position's public apply link (or returns the existing one).",
  params: positionIdParams,
  response: z.object({ linkHref: z.string() }),
  successStatus: 201,
});

export const deleteApplyLink = defineOperation({
  method: 'DELETE',
  path: '/positions/{positionId}/apply-links',
  auth: 'session',
  grants: ['table:write'],
  summary: "Turns the position's public apply link off: it stops admitting applicants at once (a later POST makes a new one).",
  params: positionIdParams,
  response: z.undefined(),
  successStatus: 204,
});

export const getContentLibrary = defineOperation({
  method: 'GET',
  path: '/companies/{companyId}/content-library',
  auth: 'session',
  grants: ['table:read'],
  summary: "Intros, questions and outros of the company's positions the user can access, to reuse.",
  params: companyIdParams,
  response: z.object({
    positionsContent: z.array(z.object({ positionId: z.string(), jobTitle: z.string(), contentItems: z.array(contentItemSchema) })),
  }),
});
