import { getMessageTemplate as contract } from '../../contracts/message-templates';
import { routes } from '../../routes';
import { getTemplate } from '../../app/messages/templates';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.getMessageTemplate, contract, async ({ params, session }) => getTemplate(params.templateId, session.userId));
