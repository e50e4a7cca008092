import { deleteCompany as contract } from '../../contracts/company';
import { routes } from '../../routes';
import { deleteCompany } from '../../app/companies/company';
import { apiHandler, Reply } from '../../shared/http';

export const handler = apiHandler(routes.deleteCompany, contract, async ({ params, log }) => {
  await deleteCompany(params.companyId, log);
  return new Reply(204, undefined);
});
