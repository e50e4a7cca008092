import { deleteCompany } from '../../contracts/company';
import { routes } from '../../routes';
import { deleteCompanyData } from '../../shared/db/companies';
import { deletePositionsOfCompany } from '../../app/deletion/cascade';
import { apiHandler, Reply } from '../../shared/http';

export const handler = apiHandler(routes.deleteCompany, deleteCompany, async ({ params, log }) => {
  await deletePositionsOfCompany(params.companyId);
  await deleteCompanyData(params.companyId);
  log.info('company deleted', { companyId: params.companyId });
  return new Reply(204, undefined);
});
