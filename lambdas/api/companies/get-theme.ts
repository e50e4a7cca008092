import * as operations from '../../operations/companies';
import { memberCompany } from '../../app/access/membership';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.getTheme, async ({ params, session }) => {
  const company = await memberCompany(params.companyId, session.userId);
  return company.theme;
});
