import * as z from 'zod/mini';
import { companyIdParams, userRoleSchema } from './account';
import { emailSchema, idSchema, urlSafeIdSchema } from './common';
import { defineContract } from './contract';

const memberSchema = z.object({ userId: z.string(), email: z.string(), userRole: userRoleSchema, status: z.literal('active') });
const invitedMemberSchema = z.object({ userId: z.string(), email: z.string(), status: z.literal('invited') });

export const listMembers = defineContract({
  summary: "The company's members and pending member invitations (one query).",
  params: companyIdParams,
  response: z.object({ members: z.array(memberSchema), invitedMembers: z.array(invitedMemberSchema) }),
});

export const inviteMember = defineContract({
  summary: 'Invites someone by e-mail to join the company (owner only); the invitation link is e-mailed.',
  params: companyIdParams,
  body: z.object({ email: emailSchema }),
  response: invitedMemberSchema,
  successStatus: 201,
});

export const removeMember = defineContract({
  summary: 'Removes a member or withdraws an invitation (owner only). The owner cannot be removed.',
  params: z.extend(companyIdParams, { userId: idSchema }),
  response: z.undefined(),
  successStatus: 204,
});

const nonceSchema = urlSafeIdSchema(16, 128, 'Not a valid invitation.');

export const getMemberInvite = defineContract({
  summary: 'What an invitation link is for: the inviting company, and whether the invitee already has an account.',
  params: z.object({ nonce: nonceSchema }),
  response: z.object({ companyName: z.string(), hasExistingAccount: z.boolean() }),
});

export const confirmMemberInvite = defineContract({
  summary: 'Accepts an invitation: joins the company (creating the account if needed) and signs in.',
  body: z.object({ nonce: nonceSchema }),
  response: z.object({ sessionId: z.string(), userId: z.string(), companyId: z.string() }),
  successStatus: 201,
});
