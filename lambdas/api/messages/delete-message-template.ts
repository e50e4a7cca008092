import { deleteMessageTemplate as contract } from '../../contracts/message-templates';
import { routes } from '../../routes';
import { deleteTemplate } from '../../app/messages/templates';
import { apiHandlerAlongsideAuth, Reply } from '../../shared/http';

export const handler = apiHandlerAlongsideAuth(routes.deleteMessageTemplate, contract, async ({ params, session, log }) => {
  await deleteTemplate(params.templateId, session, log);
  return new Reply(204, undefined);
});
