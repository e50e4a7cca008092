import { deleteIntegration as contract } from '../../contracts/integrations';
import { removeIntegration } from '../../app/integrations/connections';
import { routes } from '../../routes';
import { apiHandlerAlongsideAuth, Reply } from '../../shared/http';

export const handler = apiHandlerAlongsideAuth(routes.deleteIntegration, contract, async ({ params, session, log }) => {
  await removeIntegration(params.integrationId, session, log);
  return new Reply(204, undefined);
});
