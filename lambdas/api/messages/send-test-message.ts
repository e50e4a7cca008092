import { sendTestMessage as contract } from '../../contracts/message-templates';
import { routes } from '../../routes';
import { sendTestMail } from '../../app/messages/templates';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.sendTestMessage, contract, async ({ params, body, session, log }) =>
  sendTestMail(params.companyId, session.userId, body, log),
);
