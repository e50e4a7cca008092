import * as z from 'zod/mini';

/**
 * Environment variables, parsed once with zod. Each consumer asks only for the variables it needs,
 * so a Lambda fails fast at cold start when one it uses is missing, and not for ones it doesn't.
 */
const schema = z.object({
  STAGE: z._default(z.string().check(z.minLength(1)), 'dev'),
  TABLE_NAME: z.string().check(z.minLength(1)),
  MEDIA_BUCKET: z.string().check(z.minLength(1)),
  STATE_MACHINE_ARN: z.string().check(z.minLength(1)),
  MAIL_FROM: z.string().check(z.minLength(3)),
  /** Public origin of the SPA, used for links in e-mails (https://app.example.com). */
  APP_ORIGIN: z.url(),
  /** Path-style S3 URLs (needed by local S3 stand-ins). */
  S3_FORCE_PATH_STYLE: z._default(z.enum(['true', 'false']), 'false'),
});

export type Env = z.infer<typeof schema>;

export const readEnv = <K extends keyof Env>(...keys: K[]): Pick<Env, K> => {
  const mask = Object.fromEntries(keys.map((key) => [key, true])) as Partial<Record<keyof Env, true>>;
  const result = z.pick(schema, mask as Record<keyof Env, true>).safeParse(process.env);
  if (!result.success) {
    const names = result.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Missing or invalid environment variables: ${names}`);
  }
  return result.data as unknown as Pick<Env, K>;
};
