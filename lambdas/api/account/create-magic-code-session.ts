import { createMagicCodeSession } from '../../contracts/account';
import { routes } from '../../routes';
import { signInWithMagicCode } from '../../app/accounts/sign-in';
import { apiHandler } from '../../shared/http';

export const handler = apiHandler(routes.createMagicCodeSession, createMagicCodeSession, async ({ body, log }) =>
  signInWithMagicCode(body.email, body.shortnonce, log),
);
