import * as operations from '../../operations/webhooks';
import { resendDelivery } from '../../app/webhooks/deliveries';
import { defineHandler, Reply } from '../../platform/http';

export const handler = defineHandler(
  operations.resendWebhookDelivery,
  async ({ params }) => new Reply(202, await resendDelivery(params.companyId, params.endpointId, params.deliveryId)),
);
