import * as operations from '../../operations/companies';
import { saveRetention } from '../../app/companies/retention';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.putRetention, async ({ params, body, membership }) =>
  saveRetention(params.companyId, membership, body),
);
