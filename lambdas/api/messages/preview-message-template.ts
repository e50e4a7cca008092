import { previewMessageTemplate as contract } from '../../contracts/message-templates';
import { routes } from '../../routes';
import { previewTemplate } from '../../app/messages/templates';
import { apiHandlerAlongsideAuth } from '../../shared/http';

export const handler = apiHandlerAlongsideAuth(routes.previewMessageTemplate, contract, async ({ params, body, membership }) =>
  previewTemplate(params.companyId, membership, body),
);
