import { sendTestMessage as contract } from '../../contracts/message-templates';
import { routes } from '../../routes';
import { sendTestMail } from '../../app/messages/templates';
import { apiHandlerAlongsideAuth } from '../../shared/http';

export const handler = apiHandlerAlongsideAuth(routes.sendTestMessage, contract, async ({ params, body, session, membership, log }) =>
  sendTestMail(params.companyId, session, membership, body, log),
);
