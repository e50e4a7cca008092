import { listIntegrations as contract } from '../../contracts/integrations';
import { listIntegrations } from '../../app/integrations/connections';
import { routes } from '../../routes';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.listIntegrations, contract, ({ params, session }) => listIntegrations(params.companyId, session.userId));
