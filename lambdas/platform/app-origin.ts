import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { href, paths } from '../contracts/app-paths';
import { readEnv } from './env';

/**
 * The SPA's public origin, for links in e-mails. APP_ORIGIN when set (local stack, custom domain);
 * otherwise read once per cold start from the SSM parameter named by APP_ORIGIN_PARAMETER, which
 * the web stack writes after CloudFront exists (the API cannot reference the distribution
 * directly without a dependency cycle).
 */
let cached: Promise<string> | undefined;

export const appOrigin = (): Promise<string> => {
  cached ??= (async () => {
    const { APP_ORIGIN: direct, APP_ORIGIN_PARAMETER: name } = readEnv('APP_ORIGIN', 'APP_ORIGIN_PARAMETER');
    if (direct) return direct.replace(/\/$/, '');
    if (!name) throw new Error('Neither APP_ORIGIN nor APP_ORIGIN_PARAMETER is set');
    const { Parameter } = await new SSMClient({}).send(new GetParameterCommand({ Name: name }));
    if (!Parameter?.Value) throw new Error(`SSM parameter ${name} has no value`);
    return Parameter.Value.replace(/\/$/, '');
  })();
  cached.catch(() => (cached = undefined));
  return cached;
};

/** A full link to one of the SPA's hash routes (lambdas/contracts/app-paths.ts), for e-mails and responses. */
export const appLink = async (to: string): Promise<string> => `${await appOrigin()}/${href(to)}`;

/** The candidate's interview (the link in invitations and reminders). */
export const interviewHref = (token: string): Promise<string> => appLink(paths.interview.to(token));
