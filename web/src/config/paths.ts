/**
 * The SPA's routes are defined once, beside the wire contracts, because the server links to them
 * too (e-mails, shared and apply links): see lambdas/contracts/app-paths.ts.
 */
export { href, paths, safeReturnPath } from '../../../lambdas/contracts/app-paths';
