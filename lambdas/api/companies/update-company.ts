import { updateCompany } from '../../contracts/company';
import { supportedIntegrationTypes } from '../../domain/company';
import { routes } from '../../routes';
import { renameCompany } from '../../shared/db/companies';
import { notFound } from '../../shared/errors';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.updateCompany, updateCompany, async ({ params, body }) => {
  const company = await renameCompany(params.companyId, body.companyName);
  if (!company) throw notFound('Company not found.');
  return { ...company, config: { ...company.config, integrationTypes: supportedIntegrationTypes } };
});
