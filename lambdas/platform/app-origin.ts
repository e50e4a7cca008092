import { href, paths } from '../contracts/app-paths';
import { readEnv } from './env';

/**
 * The SPA's public origin, for links in e-mails and responses: APP_ORIGIN (grant app:links). In AWS
 * it is the custom domain or CloudFront's, set by CDK: the HTTP API exists before the distribution
 * and the route functions after it (lib/app.ts), so no function looks it up at run time.
 */
export const appOrigin = async (): Promise<string> => readEnv('APP_ORIGIN').APP_ORIGIN.replace(/\/$/, '');

/** A full link to one of the SPA's hash routes (an app-paths `to`) at `origin`. */
export const linkAt = (origin: string, to: string): string => `${origin}/${href(to)}`;

/** A full link to one of the SPA's hash routes (lambdas/contracts/app-paths.ts), for e-mails and responses. */
export const appLink = async (to: string): Promise<string> => linkAt(await appOrigin(), to);

/** The candidate's interview (the link in invitations and reminders). */
export const interviewHref = (token: string): Promise<string> => appLink(paths.interview.to(token));
