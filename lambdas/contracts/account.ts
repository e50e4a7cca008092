import * as z from 'zod/mini';
import { defineContract } from './contract';
import { companyNameSchema, emailSchema, idSchema, trimmedLine } from './common';

export const MAGIC_CODE_LENGTH = 6;

export const checkEmail = defineContract({
  summary: 'Normalises an e-mail address and says whether it is well-formed (it never reveals whether an account exists).',
  body: z.object({ email: z.string().check(z.maxLength(320)) }),
  response: z.object({ email: z.string(), isValid: z.boolean() }),
});

export const createAccount = defineContract({
  summary: 'Registers a user with a new company (owner, 3 interview credits). 409 already_exists when the e-mail has an account.',
  body: z.object({
    email: emailSchema,
    companyName: companyNameSchema,
    tags: z._default(z.optional(z.array(trimmedLine(50)).check(z.maxLength(20))), []),
  }),
  response: z.object({ userId: z.string(), companyId: z.string() }),
  successStatus: 201,
});

export const sendMagicCode = defineContract({
  summary: 'E-mails a 6-character sign-in code valid for 10 minutes; a new code replaces the previous one. Rate-limited per address (429).',
  body: z.object({ email: emailSchema }),
  response: z.object({ email: z.string() }),
  successStatus: 202,
});

export const createMagicCodeSession = defineContract({
  summary: 'Signs in with the e-mailed code and returns a new session id. Five wrong codes burn the code.',
  body: z.object({
    email: emailSchema,
    shortnonce: z.string().check(z.trim(), z.toUpperCase(), z.length(MAGIC_CODE_LENGTH, `The code has ${MAGIC_CODE_LENGTH} characters.`)),
  }),
  response: z.object({ sessionId: z.string(), userId: z.string() }),
  successStatus: 201,
});

export const deleteSession = defineContract({
  summary: 'Signs out: revokes the session.',
  params: z.object({ sessionId: z.string().check(z.minLength(1), z.maxLength(256)) }),
  response: z.undefined(),
  successStatus: 204,
});

export const userRoleSchema = z.enum(['owner', 'member']);

export const getMe = defineContract({
  summary: 'The signed-in user and the companies they belong to.',
  response: z.object({
    user: z.object({ userId: z.string(), email: z.string() }),
    companies: z.array(z.object({ companyId: z.string(), companyName: z.string(), userRole: userRoleSchema })),
  }),
});

export const companyIdParams = z.object({ companyId: idSchema });
