import { deleteSession as contract } from '../../contracts/account';
import { routes } from '../../routes';
import { deleteSession } from '../../shared/db/sessions';
import { apiHandler, Reply } from '../../shared/http';

/** Sign-out. Knowing a session id is the authority to end it, so no other check applies. */
export const handler = apiHandler(routes.deleteSession, contract, async ({ params }) => {
  await deleteSession(params.sessionId);
  return new Reply(204, undefined);
});
