import { updateMessageTemplate as contract } from '../../contracts/message-templates';
import { routes } from '../../routes';
import { updateTemplate } from '../../app/messages/templates';
import { apiHandlerAlongsideAuth } from '../../shared/http';

export const handler = apiHandlerAlongsideAuth(routes.updateMessageTemplate, contract, async ({ params, body, session }) =>
  updateTemplate(params.templateId, session, body),
);
