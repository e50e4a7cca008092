import * as operations from '../../operations/webhooks';
import { sendTestEvent } from '../../app/webhooks/deliveries';
import { defineHandler, Reply } from '../../platform/http';

export const handler = defineHandler(
  operations.sendWebhookTestEvent,
  async ({ params }) => new Reply(202, await sendTestEvent(params.companyId, params.endpointId)),
);
