import * as operations from '../../operations/companies';
import { deleteCompany } from '../../app/companies/company';
import { defineHandlerAlongsideAuth, Reply } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.deleteCompany, async ({ params, membership, log }) => {
  await deleteCompany(params.companyId, membership, log);
  return new Reply(204, undefined);
});
