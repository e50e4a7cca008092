import * as operations from '../../operations/messages';
import { deleteTemplate } from '../../app/messages/templates';
import { defineHandlerAlongsideAuth, Reply } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.deleteMessageTemplate, async ({ params, session, log }) => {
  await deleteTemplate(params.templateId, session, log);
  return new Reply(204, undefined);
});
