import * as operations from '../../operations/account';
import { signOut } from '../../app/accounts/sign-in';
import { defineHandler, Reply } from '../../platform/http';

/** Sign-out. Knowing a session id is the authority to end it, so no other check applies. */
export const handler = defineHandler(operations.deleteSession, async ({ params }) => {
  await signOut(params.sessionId);
  return new Reply(204, undefined);
});
