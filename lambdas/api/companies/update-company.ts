import * as operations from '../../operations/companies';
import { renameCompany } from '../../app/companies/company';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.updateCompany, async ({ params, body, membership }) =>
  renameCompany(params.companyId, body.companyName, membership),
);
