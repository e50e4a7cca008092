import * as operations from '../../operations/integrations';
import { listIntegrations } from '../../app/integrations/connections';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.listIntegrations, ({ params, session }) => listIntegrations(params.companyId, session.userId));
