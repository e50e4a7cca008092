import * as operations from '../../operations/webhooks';
import { updateEndpoint } from '../../app/webhooks/endpoints';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.updateWebhookEndpoint, ({ params, body }) =>
  updateEndpoint(params.companyId, params.endpointId, body),
);
