import { getPlanStatus } from '../../contracts/company';
import { planStatus } from '../../domain/company';
import { routes } from '../../routes';
import { memberCompany } from '../../app/access/membership';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.getPlanStatus, getPlanStatus, async ({ params, session }) => {
  const company = await memberCompany(params.companyId, session.userId);
  return planStatus(company.subscriptionStatus, company.credits, company.subscription);
});
