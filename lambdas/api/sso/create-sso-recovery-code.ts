import * as operations from '../../operations/sso';
import { makeRecoveryCode } from '../../app/sso/configure';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.createSsoRecoveryCode, async ({ params, session }) => ({
  recoveryCode: await makeRecoveryCode(params.companyId, { userId: session.userId }),
}));
