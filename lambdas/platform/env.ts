import * as z from 'zod/mini';

/**
 * Environment variables, parsed once with zod: the only module that reads `process.env`. Each
 * consumer asks only for the variables it needs, so a Lambda fails fast at cold start when one it
 * uses is missing, and not for ones it doesn't. Which function gets which variable follows its
 * grants (lib/functions.ts).
 */
const required = z.string().check(z.minLength(1));

const schema = z.object({
  STAGE: z._default(required, 'dev'),
  TABLE_NAME: required,
  MEDIA_BUCKET: required,
  STATE_MACHINE_ARN: required,
  /** The answer-package builder (grant package:start). */
  ANSWER_PACKAGE_STATE_MACHINE_ARN: required,
  MAIL_FROM: z.string().check(z.minLength(3)),
  /** The stage's SES configuration set every mail is sent with (grant mail:send): its events report deliveries, bounces, complaints. */
  MAIL_CONFIGURATION_SET: required,
  /** Public origin of the SPA, for links in e-mails and responses (grant app:links): https://app.example.com. */
  APP_ORIGIN: z.url(),
  /** The KMS key sealing ATS credentials (grant ats:api). */
  INTEGRATIONS_KEY_ID: required,
  /** Secrets Manager secrets by name (grants billing:api, billing:webhook, ats:api). */
  STRIPE_API_KEY_SECRET_ID: required,
  STRIPE_WEBHOOK_SECRET_ID: required,
  LEVER_OAUTH_CLIENT_SECRET_ID: required,
  COMEET_PARTNER_SECRET_ID: required,
  /** The IVS storage configuration that records live takes into the media bucket (grant live:record). */
  IVS_STORAGE_CONFIGURATION_ARN: required,
  /** The bucket that storage configuration records into (grant live:record). */
  LIVE_RECORDINGS_BUCKET: required,
  /** The EventBridge bus the product's own events go to (grant events:put). */
  EVENT_BUS_NAME: required,
  /** The webhook deliveries queue (grants webhooks:enqueue, webhooks:deliver). */
  WEBHOOK_DELIVERIES_QUEUE_URL: z.url(),
  /** Origins webhooks may go to despite the target rules, space-separated (grant webhooks:targets): empty in AWS. */
  WEBHOOK_ALLOWED_ORIGINS: z._default(z.string(), ''),
  /** What the webhook retry delays are multiplied by (grant webhooks:deliver): 1 in AWS. */
  WEBHOOK_RETRY_SCALE: z._default(z.string(), '1'),
  /** The Bedrock model summaries are written with (grant bedrock:invoke, issue 41): CDK configuration. */
  SUMMARY_MODEL_ID: required,
  /** A company's tokens a month after which its summaries pause (grant bedrock:invoke). */
  SUMMARY_MONTHLY_TOKEN_BUDGET: z.optional(z.string()),
  /** The prefix of the single sign-on client secrets' names in Secrets Manager (grants sso:configure, sso:sign-in): `<stage>/sso/`. */
  SSO_SECRET_PREFIX: required,
  /**
   * Origins single sign-on may fetch from besides public https addresses, space-separated (grants sso:configure,
   * sso:sign-in): empty in AWS, the local stack's own origin (its OIDC and SAML stand-ins).
   */
  SSO_ALLOWED_ORIGINS: z._default(z.string(), ''),
  /** The DNS server TXT look-ups ask, `host:port` (grant dns:resolve): empty in AWS (the system's resolver), the stand-in's locally. */
  DNS_RESOLVER: z._default(z.string(), ''),
  /** Another base URL for Stripe's API (the local stand-in), as AWS_ENDPOINT_URL_* does for AWS. */
  STRIPE_API_URL: z.optional(z.url()),
  /** The function's region: Lambda's runtime sets it (the local runtime as well). */
  AWS_REGION: required,
  /** Another base URL for S3, the SDK's own variable (the local stand-in); links the bucket's objects without the S3 client. */
  AWS_ENDPOINT_URL_S3: z.optional(z.url()),
  /** Path-style S3 URLs (needed by local S3 stand-ins). */
  S3_FORCE_PATH_STYLE: z._default(z.enum(['true', 'false']), 'false'),
  /** debug, info, warn, error or silent; anything else is info. */
  LOG_LEVEL: z.catch(z._default(z.enum(['debug', 'info', 'warn', 'error', 'silent']), 'info'), 'info'),
});

export type Env = z.infer<typeof schema>;

/** The variables naming a secret in Secrets Manager. */
export type SecretVariable = 'STRIPE_API_KEY_SECRET_ID' | 'STRIPE_WEBHOOK_SECRET_ID' | 'LEVER_OAUTH_CLIENT_SECRET_ID' | 'COMEET_PARTNER_SECRET_ID';

/** The schema of each set of variables asked for, built once: some are read on every call (the logger's level). */
const picked = new Map<string, z.ZodMiniType>();
const schemaOf = (keys: readonly (keyof Env)[]): z.ZodMiniType => {
  const id = keys.join(',');
  let part = picked.get(id);
  if (!part) {
    const mask = Object.fromEntries(keys.map((key) => [key, true])) as Record<keyof Env, true>;
    part = z.pick(schema, mask);
    picked.set(id, part);
  }
  return part;
};

/** The variables, read from the environment as it is now (tests change it between calls). */
export const readEnv = <K extends keyof Env>(...keys: K[]): Pick<Env, K> => {
  const result = schemaOf(keys).safeParse(process.env);
  if (!result.success) {
    const names = result.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Missing or invalid environment variables: ${names}`);
  }
  return result.data as unknown as Pick<Env, K>;
};

const endpointOverride = z.optional(z.url());

/**
 * A base URL that replaces a vendor's own (`ATS_<TYPE>_<NAME>_URL`: the local stack points the ATS
 * adapters at their stand-ins); undefined when not set.
 */
export const endpointFromEnv = (variable: `ATS_${string}_URL`): string | undefined => {
  const result = endpointOverride.safeParse(process.env[variable]);
  if (!result.success) throw new Error(`Invalid environment variable: ${variable} is not a URL`);
  return result.data;
};
