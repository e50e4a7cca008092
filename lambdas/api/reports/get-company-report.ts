import * as operations from '../../operations/reports';
import { companyReport } from '../../app/reports/report';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** The company's report over the positions the member has access to; its days are read alongside the session check. */
export const handler = defineHandlerAlongsideAuth(operations.getCompanyReport, async ({ params, query, session }) =>
  companyReport(params.companyId, session, query),
);
