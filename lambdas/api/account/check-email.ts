import * as operations from '../../operations/account';
import { emailSchema } from '../../contracts/common';
import { defineHandler } from '../../platform/http';

export const handler = defineHandler(operations.checkEmail, async ({ body }) => {
  const result = emailSchema.safeParse(body.email);
  return { email: result.success ? result.data : body.email.trim(), isValid: result.success };
});
