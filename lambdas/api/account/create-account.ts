import { createAccount as contract } from '../../contracts/account';
import { routes } from '../../routes';
import { signUp } from '../../app/accounts/account';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.createAccount, contract, async ({ body, log }) =>
  signUp({ email: body.email, companyName: body.companyName, tags: body.tags }, log),
);
