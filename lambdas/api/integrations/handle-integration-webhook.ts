import { handleIntegrationWebhook as contract } from '../../contracts/integrations';
import { receiveWebhook } from '../../app/integrations/webhook';
import { routes } from '../../routes';
import { apiHandler, rawBody } from '../../shared/http';

/** An ATS's webhook: its signature is checked over the body exactly as it arrived (lambdas/app/integrations/webhook.ts). */
export const handler = apiHandler(routes.handleIntegrationWebhook, contract, ({ params, event, log }) => {
  const headers = Object.fromEntries(Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  return receiveWebhook(params.integrationId, { headers, rawBody: rawBody(event) }, log);
});
