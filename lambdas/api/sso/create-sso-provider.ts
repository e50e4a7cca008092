import * as operations from '../../operations/sso';
import { addSsoProvider } from '../../app/sso/configure';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.createSsoProvider, ({ params, body, session, log }) =>
  addSsoProvider(params.companyId, body, { userId: session.userId }, log),
);
