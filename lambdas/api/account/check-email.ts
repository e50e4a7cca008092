import { emailSchema } from '../../contracts/common';
import { checkEmail } from '../../contracts/account';
import { routes } from '../../routes';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.checkEmail, checkEmail, async ({ body }) => {
  const result = emailSchema.safeParse(body.email);
  return { email: result.success ? result.data : body.email.trim(), isValid: result.success };
});
