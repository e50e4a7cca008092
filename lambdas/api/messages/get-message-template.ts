import { getMessageTemplate as contract } from '../../contracts/message-templates';
import { routes } from '../../routes';
import { getTemplate } from '../../app/messages/templates';
import { apiHandlerAlongsideAuth } from '../../shared/http';

export const handler = apiHandlerAlongsideAuth(routes.getMessageTemplate, contract, async ({ params, session }) =>
  getTemplate(params.templateId, session),
);
