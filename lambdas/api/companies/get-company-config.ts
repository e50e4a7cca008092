import { getCompanyConfig } from '../../contracts/company';
import { supportedIntegrationTypes } from '../../domain/company';
import { routes } from '../../routes';
import { memberCompany } from '../../app/access/membership';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.getCompanyConfig, getCompanyConfig, async ({ params, session }) => {
  const company = await memberCompany(params.companyId, session.userId);
  return { ...company.config, integrationTypes: supportedIntegrationTypes };
});
