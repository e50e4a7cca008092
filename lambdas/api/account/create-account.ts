import { createAccount as contract } from '../../contracts/account';
import { routes } from '../../routes';
import { createAccount, EmailTaken } from '../../shared/db/accounts';
import { conflict } from '../../shared/errors';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.createAccount, contract, async ({ body, log }) => {
  try {
    const account = await createAccount({ email: body.email, companyName: body.companyName, tags: body.tags });
    log.info('account created', { userId: account.userId, companyId: account.companyId });
    return account;
  } catch (error) {
    if (error instanceof EmailTaken) throw conflict('You already have an account and can sign in.', 'already_exists');
    throw error;
  }
});
