import * as operations from '../../operations/sso';
import { signInWithRecoveryCode } from '../../app/sso/recovery';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.createRecoverySession, ({ body, log }) => signInWithRecoveryCode(body.email, body.recoveryCode, log));
