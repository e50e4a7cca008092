import { getMe } from '../../contracts/account';
import { routes } from '../../routes';
import { getUser, listUserCompanies } from '../../shared/db/accounts';
import { unauthorized } from '../../shared/errors';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.getMe, getMe, async ({ session }) => {
  const [user, companies] = await Promise.all([getUser(session.userId), listUserCompanies(session.userId)]);
  if (!user) throw unauthorized('Your account no longer exists.', 'unknown_user');
  return { user, companies };
});
