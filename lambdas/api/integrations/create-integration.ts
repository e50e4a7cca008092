import { createIntegration as contract } from '../../contracts/integrations';
import { addIntegration } from '../../app/integrations/connections';
import { routes } from '../../routes';
import { apiHandler, Reply } from '../../shared/http';

export const handler = apiHandler(routes.createIntegration, contract, async ({ params, body, session, log }) => {
  const integration = await addIntegration(
    {
      companyId: params.companyId,
      userId: session.userId,
      integrationType: body.integrationType,
      authToken: body.authToken,
      username: body.username,
      automaticStageTransitions: body.integrationProperties?.greenhouse?.automaticStageTransitions === true,
    },
    log,
  );
  return new Reply(201, integration);
});
