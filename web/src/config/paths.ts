/**
 * The SPA's routes are defined once, beside the wire contracts, because the server links to them
 * too (e-mails, shared and apply links, Lever's consent return): see lambdas/contracts/app-paths.ts.
 */
export { href, LEVER_OAUTH_RETURN_MARKER, paths, safeReturnPath } from '../../../lambdas/contracts/app-paths';
