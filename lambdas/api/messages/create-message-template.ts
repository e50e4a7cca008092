import { createMessageTemplate as contract } from '../../contracts/message-templates';
import { routes } from '../../routes';
import { createTemplate } from '../../app/messages/templates';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.createMessageTemplate, contract, async ({ params, body, log }) =>
  createTemplate(params.companyId, body, log),
);
