import * as operations from '../../operations/integrations';
import { removeIntegration } from '../../app/integrations/connections';
import { defineHandlerAlongsideAuth, Reply } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.deleteIntegration, async ({ params, session, log }) => {
  await removeIntegration(params.integrationId, session, log);
  return new Reply(204, undefined);
});
