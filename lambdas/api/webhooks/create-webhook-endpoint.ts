import * as operations from '../../operations/webhooks';
import { createEndpoint } from '../../app/webhooks/endpoints';
import { defineHandler, Reply } from '../../platform/http';

export const handler = defineHandler(
  operations.createWebhookEndpoint,
  async ({ params, body }) => new Reply(201, await createEndpoint(params.companyId, body)),
);
