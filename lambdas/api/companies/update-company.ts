import { updateCompany } from '../../contracts/company';
import { supportedIntegrationTypes } from '../../domain/company';
import { routes } from '../../routes';
import { renameCompany } from '../../app/companies/company';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.updateCompany, updateCompany, async ({ params, body }) => {
  const company = await renameCompany(params.companyId, body.companyName);
  return { ...company, config: { ...company.config, integrationTypes: supportedIntegrationTypes } };
});
