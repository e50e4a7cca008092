import * as operations from '../../operations/messages';
import { previewTemplate } from '../../app/messages/templates';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.previewMessageTemplate, async ({ params, body, membership }) =>
  previewTemplate(params.companyId, membership, body),
);
