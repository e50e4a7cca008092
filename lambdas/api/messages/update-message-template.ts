import * as operations from '../../operations/messages';
import { updateTemplate } from '../../app/messages/templates';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.updateMessageTemplate, async ({ params, body, session }) =>
  updateTemplate(params.templateId, session, body),
);
