import * as operations from '../../operations/webhooks';
import { listDeliveries } from '../../app/webhooks/deliveries';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.listWebhookDeliveries, ({ params, query }) =>
  listDeliveries(params.companyId, params.endpointId, query.cursor),
);
