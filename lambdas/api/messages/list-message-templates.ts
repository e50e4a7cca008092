import * as operations from '../../operations/messages';
import { messageTemplatesFor } from '../../app/messages/templates';
import { defineHandler } from '../../platform/http';

/** The standard templates, each marked in use when a position the member can open plans a message with it. */
export const handler = defineHandler(operations.listMessageTemplates, async ({ params, session }) =>
  messageTemplatesFor(params.companyId, session.userId),
);
