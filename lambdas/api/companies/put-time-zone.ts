import * as operations from '../../operations/companies';
import { saveTimeZone } from '../../app/companies/time-zone';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.putTimeZone, async ({ params, body, membership }) =>
  saveTimeZone(params.companyId, membership, body.timeZone),
);
