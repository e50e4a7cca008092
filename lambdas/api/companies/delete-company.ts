import { deleteCompany as contract } from '../../contracts/company';
import { routes } from '../../routes';
import { deleteCompany } from '../../app/companies/company';
import { apiHandlerAlongsideAuth, Reply } from '../../shared/http';

export const handler = apiHandlerAlongsideAuth(routes.deleteCompany, contract, async ({ params, membership, log }) => {
  await deleteCompany(params.companyId, membership, log);
  return new Reply(204, undefined);
});
