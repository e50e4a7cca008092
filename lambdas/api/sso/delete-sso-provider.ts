import * as operations from '../../operations/sso';
import { removeSsoProvider } from '../../app/sso/configure';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.deleteSsoProvider, ({ params, session, log }) =>
  removeSsoProvider(params.companyId, params.providerId, { userId: session.userId }, log),
);
