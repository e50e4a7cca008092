import * as operations from '../../operations/messages';
import { createTemplate } from '../../app/messages/templates';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.createMessageTemplate, async ({ params, body, log }) => createTemplate(params.companyId, body, log));
