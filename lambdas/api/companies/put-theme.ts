import { putTheme } from '../../contracts/company';
import { routes } from '../../routes';
import { saveTheme } from '../../app/companies/theme';
import { apiHandlerAlongsideAuth } from '../../shared/http';

export const handler = apiHandlerAlongsideAuth(routes.putTheme, putTheme, async ({ params, body, membership }) =>
  saveTheme(params.companyId, membership, body),
);
