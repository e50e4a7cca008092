import { updateCompany } from '../../contracts/company';
import { supportedIntegrationTypes } from '../../domain/company';
import { routes } from '../../routes';
import { renameCompany } from '../../app/companies/company';
import { apiHandlerAlongsideAuth } from '../../shared/http';

export const handler = apiHandlerAlongsideAuth(routes.updateCompany, updateCompany, async ({ params, body, membership }) => {
  const company = await renameCompany(params.companyId, body.companyName, membership);
  return { ...company, config: { ...company.config, integrationTypes: supportedIntegrationTypes } };
});
