import { listMessageTemplates } from '../../contracts/position';
import { routes } from '../../routes';
import { messageTemplatesFor } from '../../app/messages/templates';
import { apiHandler } from '../../shared/http';

/** The standard templates, each marked in use when a position the member can open plans a message with it. */
export const handler = apiHandler(routes.listMessageTemplates, listMessageTemplates, async ({ params, session }) =>
  messageTemplatesFor(params.companyId, session.userId),
);
