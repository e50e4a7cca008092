import { getCompany as contract } from '../../contracts/company';
import { supportedIntegrationTypes } from '../../domain/company';
import { routes } from '../../routes';
import { requireMembership } from '../../shared/access';
import { getCompany } from '../../shared/db/companies';
import { notFound } from '../../shared/errors';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.getCompany, contract, async ({ params, session }) => {
  const [company] = await Promise.all([getCompany(params.companyId), requireMembership(params.companyId, session!.userId)]);
  if (!company) throw notFound('Company not found.');
  return { ...company, config: { ...company.config, integrationTypes: supportedIntegrationTypes } };
});
