import * as operations from '../../operations/sso';
import { checkDomain } from '../../app/sso/configure';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.checkSsoDomain, ({ params, session, log }) =>
  checkDomain(params.companyId, params.domain, { userId: session.userId, sessionHash: session.sessionHash }, log),
);
