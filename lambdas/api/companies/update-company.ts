import * as operations from '../../operations/companies';
import { supportedIntegrationTypes } from '../../domain/company';
import { renameCompany } from '../../app/companies/company';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.updateCompany, async ({ params, body, membership }) => {
  const company = await renameCompany(params.companyId, body.companyName, membership);
  return { ...company, config: { ...company.config, integrationTypes: supportedIntegrationTypes } };
});
