import { deleteIntegration as contract } from '../../contracts/integrations';
import { removeIntegration } from '../../app/integrations/connections';
import { routes } from '../../routes';
import { apiHandler, Reply } from '../../shared/http';

export const handler = apiHandler(routes.deleteIntegration, contract, async ({ params, session, log }) => {
  await removeIntegration(params.integrationId, session.userId, log);
  return new Reply(204, undefined);
});
