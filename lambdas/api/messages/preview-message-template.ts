import { previewMessageTemplate as contract } from '../../contracts/message-templates';
import { routes } from '../../routes';
import { previewTemplate } from '../../app/messages/templates';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.previewMessageTemplate, contract, async ({ params, body }) => previewTemplate(params.companyId, body));
