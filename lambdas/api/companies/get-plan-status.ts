import { getPlanStatus } from '../../contracts/company';
import { planStatus } from '../../domain/company';
import { routes } from '../../routes';
import { requireMembership } from '../../shared/access';
import { getCompany } from '../../shared/db/companies';
import { notFound } from '../../shared/errors';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.getPlanStatus, getPlanStatus, async ({ params, session }) => {
  const [company] = await Promise.all([getCompany(params.companyId), requireMembership(params.companyId, session!.userId)]);
  if (!company) throw notFound('Company not found.');
  return planStatus(company.subscriptionStatus, company.credits);
});
