import * as z from 'zod/mini';
import { companyIdParams } from '../contracts/account';
import { emailSchema, idSchema } from '../contracts/common';
import { invitedMemberSchema, memberSchema, nonceSchema } from '../contracts/member';
import { defineOperation } from './operation';

export const listMembers = defineOperation({
  method: 'GET',
  path: '/companies/{companyId}/members',
  auth: 'session',
  grants: ['table:read'],
  summary: "The company's members and pending member invitations (one query).",
  params: companyIdParams,
  response: z.object({ members: z.array(memberSchema), invitedMembers: z.array(invitedMemberSchema) }),
});

export const inviteMember = defineOperation({
  method: 'POST',
  idempotent: true,
  path: '/companies/{companyId}/members',
  auth: 'owner',
  grants: ['table:write', 'mail:send', 'media:read'],
  summary: 'Invites someone by e-mail to join the company (owner only); the invitation link is e-mailed.',
  params: companyIdParams,
  body: z.object({ email: emailSchema }),
  response: invitedMemberSchema,
  successStatus: 201,
});

export const removeMember = defineOperation({
  method: 'DELETE',
  path: '/companies/{companyId}/members/{userId}',
  auth: 'owner',
  grants: ['table:write'],
  summary: 'Removes a member or withdraws an invitation (owner only). The owner cannot be removed.',
  params: z.extend(companyIdParams, { userId: idSchema }),
  response: z.undefined(),
  successStatus: 204,
});

export const getMemberInvite = defineOperation({
  method: 'GET',
  path: '/member-invites/{nonce}',
  auth: 'public',
  grants: ['table:read'],
  summary: 'What an invitation link is for: the inviting company, and whether the invitee already has an account.',
  params: z.object({ nonce: nonceSchema }),
  response: z.object({ companyName: z.string(), hasExistingAccount: z.boolean() }),
});

export const confirmMemberInvite = defineOperation({
  method: 'POST',
  path: '/member-invites/confirmed',
  auth: 'public',
  grants: ['table:write'],
  summary: 'Accepts an invitation: joins the company (creating the account if needed) and signs in.',
  body: z.object({ nonce: nonceSchema }),
  response: z.object({ sessionId: z.string(), userId: z.string(), companyId: z.string() }),
  successStatus: 201,
});
