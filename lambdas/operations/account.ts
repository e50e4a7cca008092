import * as z from 'zod/mini';
import { MAGIC_CODE_LENGTH, userRoleSchema } from '../contracts/account';
import { companyNameSchema, emailSchema, trimmedLine } from '../contracts/common';
import { preferencesSchema } from '../contracts/summaries';
import { defineOperation } from './operation';

export const checkEmail = defineOperation({
  method: 'POST',
  path: '/email-check',
  auth: 'public',
  grants: [],
  summary: 'Normalises an e-mail address and says whether it is well-formed (it never reveals whether an account exists).',
  body: z.object({ email: z.string().check(z.maxLength(320)) }),
  response: z.object({ email: z.string(), isValid: z.boolean() }),
});

export const createAccount = defineOperation({
  method: 'POST',
  idempotent: true,
  path: '/accounts',
  auth: 'public',
  grants: ['table:write'],
  summary: 'Registers a user with a new company (owner, 3 interview credits). 409 already_exists when the e-mail has an account.',
  body: z.object({
    email: emailSchema,
    companyName: companyNameSchema,
    tags: z._default(z.optional(z.array(trimmedLine(50)).check(z.maxLength(20))), []),
  }),
  response: z.object({ userId: z.string(), companyId: z.string() }),
  successStatus: 201,
});

export const sendMagicCode = defineOperation({
  method: 'POST',
  path: '/magic-codes',
  auth: 'public',
  grants: ['table:write', 'mail:send'],
  summary: 'E-mails a 6-character sign-in code valid for 10 minutes; a new code replaces the previous one. Rate-limited per address (429).',
  body: z.object({ email: emailSchema }),
  response: z.object({ email: z.string() }),
  successStatus: 202,
});

export const createMagicCodeSession = defineOperation({
  method: 'POST',
  path: '/magic-code-sessions',
  auth: 'public',
  grants: ['table:write'],
  summary: 'Signs in with the e-mailed code and returns a new session id. Five wrong codes burn the code.',
  body: z.object({
    email: emailSchema,
    shortnonce: z.string().check(z.trim(), z.toUpperCase(), z.length(MAGIC_CODE_LENGTH, `The code has ${MAGIC_CODE_LENGTH} characters.`)),
  }),
  response: z.object({ sessionId: z.string(), userId: z.string() }),
  successStatus: 201,
});

export const deleteSession = defineOperation({
  method: 'DELETE',
  path: '/magic-link-sessions/{sessionId}',
  auth: 'public',
  grants: ['table:write'],
  summary: 'Signs out: revokes the session.',
  params: z.object({ sessionId: z.string().check(z.minLength(1), z.maxLength(256)) }),
  response: z.undefined(),
  successStatus: 204,
});

export const getMe = defineOperation({
  method: 'GET',
  path: '/me',
  auth: 'session',
  grants: ['table:read'],
  summary: 'The signed-in user, the companies they belong to, and their own view preferences.',
  response: z.object({
    user: z.object({ userId: z.string(), email: z.string() }),
    companies: z.array(z.object({ companyId: z.string(), companyName: z.string(), userRole: userRoleSchema })),
    /** The user's view preferences (issue 41: hide summaries for themselves); defaults until they save some. */
    preferences: preferencesSchema,
  }),
});

export const putPreferences = defineOperation({
  method: 'PUT',
  path: '/me/preferences',
  auth: 'session',
  grants: ['table:write'],
  summary:
    "Saves the signed-in user's view preferences: `hide_summaries` hides every machine-written summary for them in the app (issue 41). A view preference, not access control: the API still returns the summaries.",
  body: preferencesSchema,
  response: preferencesSchema,
});
