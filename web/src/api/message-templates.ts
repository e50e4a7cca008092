import { companyListChannel } from './company-list-channel';
import type * as z from 'zod/mini';
import type { messageDraftSchema, messageTemplateBodySchema } from '../../../lambdas/contracts/message-templates';
import { apiPath, callApi } from './client';
import { useApi } from './use-api';

export { messagePlaceholders } from '../../../lambdas/contracts/message-templates';
export type MessageTemplateBody = z.infer<typeof messageTemplateBodySchema>;
export type MessageDraft = z.infer<typeof messageDraftSchema>;

/**
 * The company's message templates. Every consumer reads the list under this one SWR key (the Emails
 * tab, the position settings' Candidate notifications), so a change's `mutate` refreshes all of them
 * at once (spec §4 live list sync); other tabs of the SPA hear of it on a BroadcastChannel.
 */
export const messageTemplatesKey = (companyId: string) => apiPath('listMessageTemplates', { companyId });
export const useMessageTemplateList = (companyId: string) => {
  const list = useApi(messageTemplatesKey(companyId));
  changes.useRefetchOnChange(companyId, list.mutate);
  return list;
};

/** messageTemplate.created/updated/deleted, told to the SPA's other tabs. */
const changes = companyListChannel('message-templates');
export const announceTemplatesChanged = changes.announce;

export const createMessageTemplateCall = (companyId: string, body: MessageTemplateBody) =>
  callApi('createMessageTemplate', { params: { companyId }, body });
export const updateMessageTemplateCall = (templateId: string, body: MessageTemplateBody) =>
  callApi('updateMessageTemplate', { params: { templateId }, body });
/** One template as saved now (the dialog reads it each time it opens one, whatever the list holds), aborted with `signal`. */
export const getMessageTemplateCall = (templateId: string, signal?: AbortSignal) => callApi('getMessageTemplate', { params: { templateId }, signal });
export const deleteMessageTemplateCall = (templateId: string) => callApi('deleteMessageTemplate', { params: { templateId } });
export const previewMessageTemplateCall = (companyId: string, body: MessageDraft) =>
  callApi('previewMessageTemplate', { params: { companyId }, body });
export const sendTestMessageCall = (companyId: string, body: MessageDraft) => callApi('sendTestMessage', { params: { companyId }, body });
