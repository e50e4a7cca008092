import * as operations from '../../operations/companies';
import { supportedIntegrationTypes } from '../../domain/company';
import { memberCompany } from '../../app/access/membership';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.getCompanyConfig, async ({ params, session }) => {
  const company = await memberCompany(params.companyId, session.userId);
  return { ...company.config, integrationTypes: supportedIntegrationTypes };
});
