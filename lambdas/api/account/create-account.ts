import * as operations from '../../operations/account';
import { signUp } from '../../app/accounts/account';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.createAccount, async ({ body, log }) =>
  signUp({ email: body.email, companyName: body.companyName, tags: body.tags }, log),
);
