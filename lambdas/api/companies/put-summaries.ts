import * as operations from '../../operations/companies';
import { saveSummarySetting } from '../../app/companies/summaries';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.putSummaries, async ({ params, body, membership }) =>
  saveSummarySetting(params.companyId, membership, body),
);
