import * as operations from '../../operations/messages';
import { getTemplate } from '../../app/messages/templates';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.getMessageTemplate, async ({ params, session }) =>
  getTemplate(params.templateId, session),
);
