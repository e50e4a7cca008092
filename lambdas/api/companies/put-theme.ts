import { putTheme } from '../../contracts/company';
import { routes } from '../../routes';
import { saveTheme } from '../../app/companies/theme';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.putTheme, putTheme, async ({ params, body }) => saveTheme(params.companyId, body));
