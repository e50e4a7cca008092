import { getMe } from '../../contracts/account';
import { routes } from '../../routes';
import { currentUser } from '../../app/accounts/account';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.getMe, getMe, async ({ session }) => currentUser(session.userId));
