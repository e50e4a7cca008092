import * as operations from '../../operations/integrations';
import { receiveWebhook } from '../../app/integrations/webhook';
import { defineHandler, rawBody } from '../../platform/http';

/** An ATS's webhook: its signature is checked over the body exactly as it arrived (lambdas/app/integrations/webhook.ts). */
export const handler = defineHandler(operations.handleIntegrationWebhook, ({ params, event, log }) => {
  const headers = Object.fromEntries(Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  return receiveWebhook(params.integrationId, { headers, rawBody: rawBody(event) }, log);
});
