import * as operations from '../../operations/sso';
import { saveSsoSettings } from '../../app/sso/configure';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.putSsoSettings, ({ params, body, session, log }) =>
  saveSsoSettings(params.companyId, body, { userId: session.userId, sessionHash: session.sessionHash }, log),
);
