import * as operations from '../../operations/webhooks';
import { listEndpoints } from '../../app/webhooks/endpoints';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.listWebhookEndpoints, ({ params }) => listEndpoints(params.companyId));
