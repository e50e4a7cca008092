import * as operations from '../../operations/integrations';
import { addIntegration } from '../../app/integrations/connections';
import { defineHandlerAlongsideAuth, Reply } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.createIntegration, async ({ params, body, membership, log }) => {
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
