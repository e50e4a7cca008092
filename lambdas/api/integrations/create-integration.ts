import { createIntegration as contract } from '../../contracts/integrations';
import { addIntegration } from '../../app/integrations/connections';
import { routes } from '../../routes';
import { apiHandlerAlongsideAuth, Reply } from '../../shared/http';

export const handler = apiHandlerAlongsideAuth(routes.createIntegration, contract, async ({ params, body, membership, log }) => {
  const integration = await addIntegration(
    {
      companyId: params.companyId,
      integrationType: body.integrationType,
      authToken: body.authToken,
      username: body.username,
      automaticStageTransitions: body.integrationProperties?.greenhouse?.automaticStageTransitions === true,
    },
    membership,
    log,
  );
  return new Reply(201, integration);
});
