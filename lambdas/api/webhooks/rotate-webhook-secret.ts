import * as operations from '../../operations/webhooks';
import { rotateSecret } from '../../app/webhooks/endpoints';
import { defineHandler, Reply } from '../../platform/http';

export const handler = defineHandler(
  operations.rotateWebhookSecret,
  async ({ params }) => new Reply(201, await rotateSecret(params.companyId, params.endpointId)),
);
