import * as operations from '../../operations/account';
import { signInWithMagicCode } from '../../app/accounts/sign-in';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.createMagicCodeSession, async ({ body, log }) =>
  signInWithMagicCode(body.email, body.shortnonce, log),
);
