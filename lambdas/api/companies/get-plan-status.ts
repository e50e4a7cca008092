import * as operations from '../../operations/companies';
import { planStatus } from '../../domain/company';
import { memberCompany } from '../../app/access/membership';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.getPlanStatus, async ({ params, session }) => {
  const company = await memberCompany(params.companyId, session.userId);
  return planStatus(company.subscriptionStatus, company.credits, company.subscription);
});
