import * as operations from '../../operations/companies';
import { saveTheme } from '../../app/companies/theme';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.putTheme, async ({ params, body, membership }) =>
  saveTheme(params.companyId, membership, body),
);
