import * as operations from '../../operations/messages';
import { sendTestMail } from '../../app/messages/templates';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.sendTestMessage, async ({ params, body, session, membership, log }) =>
  sendTestMail(params.companyId, session, membership, body, log),
);
