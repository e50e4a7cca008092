import * as z from 'zod/mini';
import { companyIdParams } from '../contracts/account';
import { idSchema } from '../contracts/common';
import {
  messageDraftSchema,
  messageTemplateBodySchema,
  messageTemplateSchema,
  renderedMessageSchema,
  templateIdParams,
} from '../contracts/message-templates';
import { labelledValues } from '../contracts/position';
import { defineOperation } from './operation';

export const getMessageTriggers = defineOperation({
  method: 'GET',
  path: '/available-message-triggers',
  auth: 'session',
  grants: [],
  summary: 'When a planned message may be sent.',
  response: z.object({ messageTriggers: labelledValues }),
});

export const getInviteExpiryOffsets = defineOperation({
  method: 'GET',
  path: '/available-invite-expiry-offsets',
  auth: 'session',
  grants: [],
  summary: 'Candidate deadlines a position may set (besides never).',
  response: z.object({ inviteExpiryOffsets: labelledValues }),
});

export const listMessageTemplates = defineOperation({
  method: 'GET',
  path: '/companies/{companyId}/message-templates',
  auth: 'session',
  grants: ['table:read'],
  summary:
    "The company's message templates: the read-only standard ones every company starts with, then its own (lambdas/contracts/message-templates.ts), each in use when a position the caller can open plans it.",
  params: z.object({ companyId: idSchema }),
  response: z.object({
    messageTemplates: z.array(messageTemplateSchema),
  }),
});

export const createMessageTemplate = defineOperation({
  method: 'POST',
  idempotent: true,
  path: '/companies/{companyId}/message-templates',
  auth: 'owner',
  grants: ['table:write'],
  summary: 'Adds a message template to the company (owner only). Placeholders other than the listed ones are refused.',
  params: companyIdParams,
  body: messageTemplateBodySchema,
  response: messageTemplateSchema,
  successStatus: 201,
});

export const previewMessageTemplate = defineOperation({
  method: 'POST',
  path: '/companies/{companyId}/message-template-previews',
  auth: 'owner',
  grants: ['table:read', 'app:links', 'media:read'],
  summary: "A template's wording rendered with sample values, as a candidate would receive it (owner only).",
  params: companyIdParams,
  body: messageDraftSchema,
  response: renderedMessageSchema,
});

export const sendTestMessage = defineOperation({
  method: 'POST',
  path: '/companies/{companyId}/message-template-test-mails',
  auth: 'owner',
  grants: ['table:write', 'mail:send', 'media:read'],
  summary: "Mails a template's wording, rendered with sample values, to the signed-in owner (owner only).",
  params: companyIdParams,
  body: messageDraftSchema,
  response: z.object({ sentTo: z.string() }),
  successStatus: 201,
});

export const getMessageTemplate = defineOperation({
  method: 'GET',
  path: '/message-templates/{templateId}',
  auth: 'session',
  grants: ['table:read'],
  summary: 'One message template, for a member of its company (standard ones for anyone signed in).',
  params: templateIdParams,
  response: messageTemplateSchema,
});

export const updateMessageTemplate = defineOperation({
  method: 'PUT',
  path: '/message-templates/{templateId}',
  auth: 'session',
  grants: ['table:write'],
  summary:
    'Changes a company template (owner only). Standard templates are read-only; a template planned as an invitation or reminder must keep {interviewLink}. Messages planned with it are sent in its new wording.',
  params: templateIdParams,
  body: messageTemplateBodySchema,
  response: messageTemplateSchema,
});

export const deleteMessageTemplate = defineOperation({
  method: 'DELETE',
  path: '/message-templates/{templateId}',
  auth: 'session',
  grants: ['table:write'],
  summary: 'Deletes a company template (owner only) that no position plans. Standard templates cannot be deleted.',
  params: templateIdParams,
  response: z.undefined(),
  successStatus: 204,
});
