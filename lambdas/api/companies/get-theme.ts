import { getTheme } from '../../contracts/company';
import { routes } from '../../routes';
import { memberCompany } from '../../app/access/membership';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.getTheme, getTheme, async ({ params, session }) => {
  const company = await memberCompany(params.companyId, session.userId);
  return company.theme;
});
