import { answerPackageTasks } from '../lambdas/pipeline/answer-package.asl';
import { pipelineTasks, type PipelineTaskDefinition } from '../lambdas/pipeline/tasks';
import { GRANTS, routeEntries, routeKey, type AuthMode, type Grant, type Route } from '../lambdas/operations/index';
import { scheduleEntries, type ScheduleDefinition } from '../lambdas/schedules';
import { eventFunctionEntries, type EventFunctionDefinition } from '../lambdas/event-rules';
import { queueFunctionEntries, type QueueFunctionDefinition, type QueueId } from '../lambdas/queues';
import { streamFunctionEntries, type StreamFunctionDefinition } from '../lambdas/streams';

/**
 * Every Lambda function of the app, and what its grants give it, defined once and free of CDK so
 * that three readers agree: the CDK constructs (lib/constructs/grants.ts), the local runtime that
 * runs each function as Lambda does (lib/local/lambda-runtime.ts) and the cold-start test that
 * imports every deployed bundle with only its granted environment (test/infra/cold-start.test.ts).
 */

/**
 * The grants a function really gets: authenticated routes always write the table (sessions slide
 * their expiry, see lambdas/operations), table:write includes reading, and mails carry links into
 * the SPA.
 */
export const effectiveGrants = (grants: readonly Grant[], auth?: AuthMode): Grant[] => {
  const set = new Set(grants);
  if (auth === 'session' || auth === 'owner') set.add('table:write');
  if (set.has('table:write')) set.delete('table:read');
  if (set.has('mail:send')) set.add('app:links');
  return GRANTS.filter((grant) => set.has(grant));
};

/**
 * Amazon Nova Micro: a current small, text-only model that supports Converse with tool use, available
 * on demand in us-east-1 and most other Bedrock regions. Another model (`-c summaryModelId=…`) must be
 * one the stage's region serves on demand, with tool use; a model reached only through a cross-region
 * inference profile needs that profile's id and ARN instead.
 */
export const DEFAULT_SUMMARY_MODEL_ID = 'amazon.nova-micro-v1:0';

/** The values behind the environment variables grants set: CDK tokens in AWS, the stand-ins' locally. */
export interface GrantValues {
  readonly TABLE_NAME: string;
  readonly MEDIA_BUCKET: string;
  readonly MAIL_FROM: string;
  /** The stage's SES configuration set (mailConfigurationSetName), whose events report each mail's delivery (issue 26). */
  readonly MAIL_CONFIGURATION_SET: string;
  /** The SPA's origin: the custom domain or CloudFront's (the web stack's), the local server's. */
  readonly APP_ORIGIN: string;
  /** Absent where the state machine cannot be referenced (its own task functions). */
  readonly STATE_MACHINE_ARN?: string;
  /** The answer-package builder (lambdas/pipeline/answer-package.asl.ts), addressed by its name. */
  readonly ANSWER_PACKAGE_STATE_MACHINE_ARN: string;
  /** The Secrets Manager secrets (names) holding Stripe's secret API key and its webhook signing secret. */
  readonly STRIPE_API_KEY_SECRET_ID: string;
  readonly STRIPE_WEBHOOK_SECRET_ID: string;
  /** The KMS key (its alias) sealing ATS credentials, and the secret (name) holding the Lever OAuth client. */
  readonly INTEGRATIONS_KEY_ID: string;
  readonly LEVER_OAUTH_CLIENT_SECRET_ID: string;
  /** The secret (name) Comeet issued the product as a partner (it signs the tokens Comeet's API takes). */
  readonly COMEET_PARTNER_SECRET_ID: string;
  /** The IVS storage configuration recording live takes into the media bucket (the data stack's). */
  readonly IVS_STORAGE_CONFIGURATION_ARN: string;
  /** The bucket it records into. */
  readonly LIVE_RECORDINGS_BUCKET: string;
  /** The EventBridge bus of the product's own events (the account's default bus). */
  readonly EVENT_BUS_NAME: string;
  /** The webhook deliveries queue (lambdas/queues.ts), by its URL. */
  readonly WEBHOOK_DELIVERIES_QUEUE_URL: string;
  /**
   * Origins webhooks may go to despite the target rules (lambdas/domain/webhook-targets.ts), space-separated:
   * empty in AWS; the local stack's own origin, where its receiver page listens.
   */
  readonly WEBHOOK_ALLOWED_ORIGINS: string;
  /** What the retry backoff's delays are multiplied by (1 in AWS; the test stack makes them short). */
  readonly WEBHOOK_RETRY_SCALE: string;
  /** The Bedrock model summaries are written with (issue 41, the stage configuration's summaryModelId). */
  readonly SUMMARY_MODEL_ID: string;
  /** A company's monthly token budget for summaries (the stage configuration's summaryMonthlyTokenBudget). */
  readonly SUMMARY_MONTHLY_TOKEN_BUDGET: string;
  /** Where the single sign-on providers' client secrets live in Secrets Manager: `<stage>/sso/` (ssoSecretPrefix). */
  readonly SSO_SECRET_PREFIX: string;
  /**
   * Origins single sign-on may fetch from despite the public-https rule (discovery, metadata, token and JWKS
   * endpoints), space-separated: empty in AWS; the local stack's own origin, where its OIDC and SAML stand-ins are.
   */
  readonly SSO_ALLOWED_ORIGINS: string;
  /** The DNS server (`host:port`) domain proofs' TXT look-ups ask: empty in AWS (the VPC's resolver); the local stand-in's. */
  readonly DNS_RESOLVER: string;
}

/** The environment variables one grant sets (lambdas/platform/env.ts reads them). */
export const grantEnvironment = (grant: Grant, values: GrantValues): Record<string, string> => {
  switch (grant) {
    case 'table:read':
    case 'table:write':
      return { TABLE_NAME: values.TABLE_NAME };
    case 'media:read':
    case 'media:write':
    case 'media:delete':
      return { MEDIA_BUCKET: values.MEDIA_BUCKET };
    case 'mail:send':
      return { MAIL_FROM: values.MAIL_FROM, MAIL_CONFIGURATION_SET: values.MAIL_CONFIGURATION_SET };
    case 'app:links':
      return { APP_ORIGIN: values.APP_ORIGIN };
    case 'workflow:start':
      return { STATE_MACHINE_ARN: requireStateMachine(grant, values) };
    case 'package:start':
      return { ANSWER_PACKAGE_STATE_MACHINE_ARN: values.ANSWER_PACKAGE_STATE_MACHINE_ARN };
    case 'health:check':
      return {
        TABLE_NAME: values.TABLE_NAME,
        MEDIA_BUCKET: values.MEDIA_BUCKET,
        STATE_MACHINE_ARN: requireStateMachine(grant, values),
        MAIL_FROM: values.MAIL_FROM,
      };
    case 'billing:api':
      return { STRIPE_API_KEY_SECRET_ID: values.STRIPE_API_KEY_SECRET_ID };
    case 'billing:webhook':
      return { STRIPE_WEBHOOK_SECRET_ID: values.STRIPE_WEBHOOK_SECRET_ID };
    case 'ats:api':
      return {
        INTEGRATIONS_KEY_ID: values.INTEGRATIONS_KEY_ID,
        LEVER_OAUTH_CLIENT_SECRET_ID: values.LEVER_OAUTH_CLIENT_SECRET_ID,
        COMEET_PARTNER_SECRET_ID: values.COMEET_PARTNER_SECRET_ID,
      };
    case 'live:record':
      return { IVS_STORAGE_CONFIGURATION_ARN: values.IVS_STORAGE_CONFIGURATION_ARN, LIVE_RECORDINGS_BUCKET: values.LIVE_RECORDINGS_BUCKET };
    case 'events:put':
      return { EVENT_BUS_NAME: values.EVENT_BUS_NAME };
    case 'webhooks:seal':
      return { INTEGRATIONS_KEY_ID: values.INTEGRATIONS_KEY_ID };
    case 'webhooks:targets':
      return { WEBHOOK_ALLOWED_ORIGINS: values.WEBHOOK_ALLOWED_ORIGINS };
    case 'webhooks:enqueue':
      return { WEBHOOK_DELIVERIES_QUEUE_URL: values.WEBHOOK_DELIVERIES_QUEUE_URL };
    case 'webhooks:deliver':
      return {
        WEBHOOK_DELIVERIES_QUEUE_URL: values.WEBHOOK_DELIVERIES_QUEUE_URL,
        INTEGRATIONS_KEY_ID: values.INTEGRATIONS_KEY_ID,
        WEBHOOK_ALLOWED_ORIGINS: values.WEBHOOK_ALLOWED_ORIGINS,
        WEBHOOK_RETRY_SCALE: values.WEBHOOK_RETRY_SCALE,
      };
    case 'bedrock:invoke':
      return { SUMMARY_MODEL_ID: values.SUMMARY_MODEL_ID, SUMMARY_MONTHLY_TOKEN_BUDGET: values.SUMMARY_MONTHLY_TOKEN_BUDGET };
    case 'sso:configure':
    case 'sso:sign-in':
      return { SSO_SECRET_PREFIX: values.SSO_SECRET_PREFIX, SSO_ALLOWED_ORIGINS: values.SSO_ALLOWED_ORIGINS };
    case 'dns:resolve':
      return { DNS_RESOLVER: values.DNS_RESOLVER };
  }
};

const requireStateMachine = (grant: Grant, values: GrantValues): string => {
  if (values.STATE_MACHINE_ARN === undefined) throw new Error(`Grant ${grant} needs the media pipeline, which is not available here`);
  return values.STATE_MACHINE_ARN;
};

/**
 * The Secrets Manager secrets Stripe needs, by name (the data stack creates them empty; the operator
 * puts the values, see README). Functions address them by name, so no stack exports an ARN.
 */
export const stripeSecretNames = (stage: string) => ({
  apiKey: `${stage}/stripe/secret-key`,
  webhookSecret: `${stage}/stripe/webhook-signing-secret`,
});

/**
 * What ATS integrations need: the KMS key sealing their credentials (by alias, so no stack exports
 * its ARN) and the secret holding the product's OAuth client at Lever (JSON {clientId, clientSecret},
 * put by the operator: README).
 */
export const integrationsKeyAlias = (stage: string) => `alias/${stage}-integrations`;
export const leverOAuthSecretName = (stage: string) => `${stage}/lever/oauth-client`;
/**
 * The stage's SES configuration set, by name (the data stack creates it with its event destination;
 * functions send with it by name, so no stack exports it).
 */
export const mailConfigurationSetName = (stage: string) => `${stage}-mail`;
/**
 * The prefix of the single sign-on providers' client secrets (one secret per OIDC provider, created and
 * deleted at run time by the set-up routes, grant sso:configure): `<stage>/sso/`.
 */
export const ssoSecretPrefix = (stage: string) => `${stage}/sso/`;
/** The partner secret Comeet issues the product (README), which signs the tokens its API takes. */
export const comeetPartnerSecretName = (stage: string) => `${stage}/comeet/partner-secret`;

/**
 * A queue of lambdas/queues.ts and its dead-letter queue, by name (`<stage>-webhook-deliveries`):
 * functions in the API's nested stacks address them by name and URL, as they do secrets, so no stack
 * exports them; the local stack makes them under the same names.
 */
export const queueNames = (stage: string, queue: QueueId) => {
  const name = `${stage}-${queue.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;
  return { queue: name, deadLetters: `${name}-dlq` };
};

/** What every function gets whatever its grants. */
export const baseEnvironment = (stage: string): Record<string, string> => ({ STAGE: stage, NODE_OPTIONS: '--enable-source-maps' });

/** A function's whole environment: the base plus what each of its grants sets. */
export const functionEnvironment = (fn: Pick<LambdaFunctionDefinition, 'grants'>, stage: string, values: GrantValues): Record<string, string> =>
  Object.assign(baseEnvironment(stage), ...fn.grants.map((grant) => grantEnvironment(grant, values)));

/** What a function gets when its definition does not say (CDK and the local runtime alike). */
export const DEFAULT_MEMORY_MB = 256;
export const DEFAULT_TIMEOUT_SECONDS = 10;

export interface LambdaFunctionDefinition {
  /** Operation, pipeline task or schedule id. */
  readonly id: string;
  readonly kind: 'route' | 'pipeline' | 'schedule' | 'event' | 'queue' | 'stream';
  /** Module under `lambdas/` without extension, exporting `handler`. */
  readonly handler: string;
  readonly description: string;
  /** Effective grants (see effectiveGrants). */
  readonly grants: readonly Grant[];
  readonly memoryMb: number;
  readonly timeoutSeconds: number;
}

/** The function of an API route (the CDK API construct builds one per route from this). */
export const routeFunction = (id: string, route: Route): LambdaFunctionDefinition => ({
  id,
  kind: 'route',
  handler: route.handler,
  description: `${routeKey(route)} (${id})`,
  grants: effectiveGrants(route.grants, route.auth),
  memoryMb: route.memoryMb ?? DEFAULT_MEMORY_MB,
  timeoutSeconds: route.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
});

/** A Lambda task of a state machine: the media pipeline's, or the answer-package builder's (`machine`). */
export const pipelineFunction = (id: string, task: PipelineTaskDefinition, machine = 'Media pipeline'): LambdaFunctionDefinition => ({
  id,
  kind: 'pipeline',
  handler: task.handler,
  description: `${machine} task ${id} (lambdas/${task.handler})`,
  grants: effectiveGrants(task.grants),
  memoryMb: task.memoryMb,
  timeoutSeconds: task.timeoutSeconds,
});

export const scheduleFunction = (id: string, schedule: ScheduleDefinition): LambdaFunctionDefinition => ({
  id,
  kind: 'schedule',
  handler: schedule.handler,
  description: `Scheduled every ${schedule.rateMinutes} min: ${id} (lambdas/${schedule.handler})`,
  grants: effectiveGrants(schedule.grants),
  memoryMb: DEFAULT_MEMORY_MB,
  timeoutSeconds: schedule.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
});

/** A function run by an EventBridge rule (lambdas/event-rules.ts). */
export const eventFunction = (id: string, definition: EventFunctionDefinition): LambdaFunctionDefinition => ({
  id,
  kind: 'event',
  handler: definition.handler,
  description: `On ${definition.pattern['detail-type'].join(', ')}: ${definition.description} (lambdas/${definition.handler})`.slice(0, 256),
  grants: effectiveGrants(definition.grants),
  memoryMb: definition.memoryMb,
  timeoutSeconds: definition.timeoutSeconds,
});

/** A function consuming a queue (lambdas/queues.ts). */
export const queueFunction = (id: string, definition: QueueFunctionDefinition): LambdaFunctionDefinition => ({
  id,
  kind: 'queue',
  handler: definition.handler,
  description: `From the ${definition.queue} queue: ${definition.description} (lambdas/${definition.handler})`.slice(0, 256),
  grants: effectiveGrants(definition.grants),
  memoryMb: definition.memoryMb,
  timeoutSeconds: definition.timeoutSeconds,
});

/** A function fed by the table's stream (lambdas/streams.ts). */
export const streamFunction = (id: string, definition: StreamFunctionDefinition): LambdaFunctionDefinition => ({
  id,
  kind: 'stream',
  handler: definition.handler,
  description: `From the table's stream: ${definition.description} (lambdas/${definition.handler})`.slice(0, 256),
  grants: effectiveGrants(definition.grants),
  memoryMb: definition.memoryMb,
  timeoutSeconds: definition.timeoutSeconds,
});

/** Every function: one per API route, one per task of the media pipeline and of the answer-package builder, one per schedule. */
export const lambdaFunctions: readonly LambdaFunctionDefinition[] = [
  ...routeEntries.map(([id, route]) => routeFunction(id, route)),
  ...Object.entries(pipelineTasks).map(([id, task]) => pipelineFunction(id, task)),
  ...Object.entries(answerPackageTasks).map(([id, task]) => pipelineFunction(id, task, 'Answer package')),
  ...scheduleEntries.map(([id, schedule]) => scheduleFunction(id, schedule)),
  ...eventFunctionEntries.map(([id, definition]) => eventFunction(id, definition)),
  ...queueFunctionEntries.map(([id, definition]) => queueFunction(id, definition)),
  ...streamFunctionEntries.map(([id, definition]) => streamFunction(id, definition)),
];

const byHandler = new Map<string, LambdaFunctionDefinition>();
for (const fn of lambdaFunctions) {
  if (byHandler.has(fn.handler)) throw new Error(`lambdas/${fn.handler} is the handler of two functions; give each function its own module`);
  byHandler.set(fn.handler, fn);
}

/** The function whose handler module this is (each module is the handler of exactly one function). */
export const functionOfHandler = (handler: string): LambdaFunctionDefinition => {
  const fn = byHandler.get(handler);
  if (!fn) throw new Error(`No function has lambdas/${handler} as its handler`);
  return fn;
};

/** The names one grant sets under a stage's configuration (the values do not matter). */
export const grantEnvironmentNames = (grant: Grant): string[] =>
  Object.keys(
    grantEnvironment(grant, {
      TABLE_NAME: '',
      MEDIA_BUCKET: '',
      MAIL_FROM: '',
      MAIL_CONFIGURATION_SET: '',
      APP_ORIGIN: '',
      STATE_MACHINE_ARN: '',
      ANSWER_PACKAGE_STATE_MACHINE_ARN: '',
      STRIPE_API_KEY_SECRET_ID: '',
      STRIPE_WEBHOOK_SECRET_ID: '',
      INTEGRATIONS_KEY_ID: '',
      LEVER_OAUTH_CLIENT_SECRET_ID: '',
      COMEET_PARTNER_SECRET_ID: '',
      IVS_STORAGE_CONFIGURATION_ARN: '',
      LIVE_RECORDINGS_BUCKET: '',
      EVENT_BUS_NAME: '',
      WEBHOOK_DELIVERIES_QUEUE_URL: '',
      WEBHOOK_ALLOWED_ORIGINS: '',
      WEBHOOK_RETRY_SCALE: '',
      SUMMARY_MODEL_ID: '',
      SUMMARY_MONTHLY_TOKEN_BUDGET: '',
      SSO_SECRET_PREFIX: '',
      SSO_ALLOWED_ORIGINS: '',
      DNS_RESOLVER: '',
    }),
  );
