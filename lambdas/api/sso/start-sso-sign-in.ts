import * as operations from '../../operations/sso';
import { startSsoSignIn } from '../../app/sso/sign-in';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.startSsoSignIn, async ({ body, log }) => ({ redirectUrl: await startSsoSignIn(body.email, log) }));
