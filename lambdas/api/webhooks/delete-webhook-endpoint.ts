import * as operations from '../../operations/webhooks';
import { removeEndpoint } from '../../app/webhooks/endpoints';
import { defineHandler, Reply } from '../../platform/http';

export const handler = defineHandler(operations.deleteWebhookEndpoint, async ({ params }) => {
  await removeEndpoint(params.companyId, params.endpointId);
  return new Reply(204, undefined);
});
