import { deleteSession as contract } from '../../contracts/account';
import { routes } from '../../routes';
import { signOut } from '../../app/accounts/sign-in';
import { apiHandler, Reply } from '../../shared/http';

/** Sign-out. Knowing a session id is the authority to end it, so no other check applies. */
export const handler = apiHandler(routes.deleteSession, contract, async ({ params }) => {
  await signOut(params.sessionId);
  return new Reply(204, undefined);
});
