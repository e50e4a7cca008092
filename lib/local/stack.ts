import { rmSync, mkdirSync, existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import { mediaPipelineDefinition, mediaPipelineStateMachineName } from '../../lambdas/pipeline/media-pipeline.asl';
import {
  answerPackageDefinition,
  answerPackageStateMachineName,
  answerPackageStates,
  answerPackageTasks,
} from '../../lambdas/pipeline/answer-package.asl';
import { API_PREFIX } from '../../lambdas/operations/index';
import { DEFAULT_SUMMARY_MONTHLY_TOKEN_BUDGET } from '../../lambdas/contracts/summaries';
import { tableName } from '../../lambdas/data/table-definition';
import { localBucketName } from '../../lambdas/adapters/storage-layout';
import { localContentSecurityPolicy, securityHeaders } from '../security-headers';
import {
  comeetPartnerSecretName,
  DEFAULT_SUMMARY_MODEL_ID,
  integrationsKeyAlias,
  leverOAuthSecretName,
  mailConfigurationSetName,
  queueNames,
  ssoSecretPrefix,
  stripeSecretNames,
} from '../functions';
import { createAtsStandIns } from './ats/server';
import { startDnsLocal } from './dns-local';
import { createOidcStandIn } from './oidc/index';
import { createSamlIdp } from './saml-idp/index';
import { atsVendorStandIns, COMEET_LOCAL_PARTNER_SECRET, LEVER_LOCAL_OAUTH_CLIENT } from './ats/vendors';
import { startKmsLocal } from './kms-local';
import { startSqsLocal } from './sqs-local';
import { startSqsPoller } from './sqs-poller';
import { startDynamoDbStreamsPoller } from './dynamodb-streams-poller';
import { createWebhookReceiver } from './webhook-receiver';
import { queues } from '../../lambdas/queues';
import { startEventBridgeLocal } from './eventbridge-local';
import { createEventDelivery, deliverEvent } from './events';
import { startIvsRealtimeLocal } from './ivs/server';
import { startBedrockRuntimeLocal } from './bedrock/server';
import { handleApiRequest } from './api-gateway';
import { startDynamoDbLocal } from './dynamodb-local';
import { createDynamoDbCallRecorder, type DynamoDbCallRecorder } from './dynamodb-calls';
import { LocalStackError } from './errors';
import { configureLambdaRuntime, invokeHandler, stopLambdaRuntime } from './lambda-runtime';
import { serveFaults, startFaultMode } from './faults/mode';
import { sendMailbox } from './mailbox';
import { portInUse } from './net';
import { S3RVER_CREDENTIALS, startS3Local } from './s3-local';
import { scheduleEntries } from '../../lambdas/schedules';
import { startScheduler } from './scheduler';
import { startSecretsManagerLocal } from './secrets-manager-local';
import { startSesLocal } from './ses-local';
import { serveStatic } from './static-files';
import { localServiceTasks, localWaitOverrides } from './media-tasks';
import { startStepFunctionsLocal, type LocalStateMachine } from './step-functions-local';
import { startStripeLocal } from './stripe-local';
import Stripe from 'stripe';
import { operationPath } from '../../lambdas/operations/index';
import { stripeConnection } from '../../lambdas/adapters/stripe';
import { syncStripeCatalog } from '../stripe-catalog';

/**
 * The local stack behind `npm start` (and the API/e2e tests): the AWS services' stand-ins plus one
 * HTTP origin serving the SPA at `/` and the API at `/api/v1`, with handlers running in-process.
 */
const pick = (from: Record<string, string | undefined>, names: RegExp): Record<string, string> =>
  Object.fromEntries(Object.entries(from).filter((entry): entry is [string, string] => names.test(entry[0]) && entry[1] !== undefined));

export const repoRoot = path.resolve(import.meta.dirname, '../..');
// Lambda runs Node 22; the local stack may run on Node 20, which the SDK would warn about on every start.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
export const STAGE = 'local';

/** A setting given as a whole number of 1 or more; anything else is refused, naming the setting. */
const wholeNumber = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new LocalStackError(`${name} must be a whole number of 1 or more (it is "${value}").`);
  return n;
};
const positiveSeconds = (name: string, value: string | undefined) => {
  const seconds = wholeNumber(name, value);
  return seconds === undefined ? undefined : seconds * 1000;
};
const REGION = 'us-east-1';

export interface LocalStackOptions {
  port: number;
  /** Where data persists (DynamoDB files, S3 objects, mail). */
  dataDir: string;
  /** Wipe dataDir first. */
  reset?: boolean;
  /** `dev`: Vite middleware with hot reload; `dist`: the built SPA from web/dist; `none`: API only. */
  spa: 'dev' | 'dist' | 'none';
  /** `manual`: scheduled jobs run only when asked (`POST /_local/schedules/{id}`), as the tests want; `timed` (default) also at their rates. */
  schedules?: 'timed' | 'manual';
  /**
   * What the webhook retry backoff's delays are multiplied by (WEBHOOK_RETRY_SCALE; 1, AWS's schedule,
   * unless set here or by LOCAL_WEBHOOK_RETRY_SCALE): the tests shorten the schedule to seconds.
   */
  webhookRetryScale?: number;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}

export interface LocalStack {
  url: string;
  /** The stand-ins' endpoints; `stripe` only when the Stripe stand-in runs (STRIPE_SECRET_KEY not set). */
  services: Record<
    | 'dynamodb'
    | 's3'
    | 'ses'
    | 'stepFunctions'
    | 'secretsManager'
    | 'kms'
    | 'ivsRealtime'
    | 'whip'
    | 'eventBridge'
    | 'sqs'
    | 'bedrockRuntime'
    /** The local OpenID provider's issuer (`<url>/_local/oidc`). */
    | 'oidc'
    /** The DNS stand-in's address, `127.0.0.1:<port>` (UDP), what DNS_RESOLVER is. */
    | 'dns',
    string
  > & {
    stripe?: string;
  };
  env: Record<string, string>;
  runSchedule(id: string): Promise<unknown>;
  /** The DynamoDB calls of the latest invocations (also at `GET /_local/dynamodb-calls`). */
  dynamoDbCalls: Pick<DynamoDbCallRecorder, 'list' | 'clear'>;
  pipelineIdle(): Promise<void>;
  /** Resolves once the IVS stand-in writes no recording and none waits out its reconnect window (events delivered). */
  liveRecordingsIdle(): Promise<void>;
  /** Resolves once no queue consumer (the webhook deliveries') is running a batch. */
  queuesIdle(): Promise<void>;
  /**
   * Resolves once every change written to the table so far has been read from its stream and, where a
   * stream function's filter matched it, handed to that function and settled (also at `GET /_local/streams/drained`).
   */
  streamsDrained(): Promise<void>;
  stop(): Promise<void>;
}

export const startLocalStack = async (options: LocalStackOptions): Promise<LocalStack> => {
  const log = options.log ?? (() => undefined);
  if (await portInUse(options.port)) {
    throw new LocalStackError(
      `Port ${options.port} is already in use: stop whatever is using it, or pick another port with PORT=${options.port + 1} npm start.`,
    );
  }
  if (options.spa === 'dist' && !existsSync(path.join(repoRoot, 'web/dist/index.html'))) {
    throw new LocalStackError('The SPA is not built: run `npm run build:web` first, or start with the dev server.');
  }
  if (options.reset) rmSync(options.dataDir, { recursive: true, force: true });
  mkdirSync(options.dataDir, { recursive: true });

  const stops: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await Promise.resolve(fn()).catch(() => undefined);
  };
  try {
    const table = tableName(STAGE);
    const bucket = localBucketName(STAGE, 'media');
    const liveRecordingsBucket = localBucketName(STAGE, 'liveRecordings');
    // The IVS storage configuration live takes are recorded with (CDK's CfnStorageConfiguration in AWS).
    const ivsStorageConfigurationArn = `arn:aws:ivs:${REGION}:000000000000:storage-configuration/local-live-recordings`;
    const url = `http://localhost:${options.port}`;
    // Stripe's secrets, under the names the functions read them by. With real test-mode keys
    // (STRIPE_SECRET_KEY set) the handlers talk to Stripe itself; otherwise to the stand-in, which
    // signs its events with the webhook secret the handlers verify them with.
    const stripeSecrets = stripeSecretNames(STAGE);
    const secretArn = (name: string) => `arn:aws:secretsmanager:${REGION}:000000000000:secret:${name}`;
    const stripeWebhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_local_test';
    const integrationsKey = { arn: `arn:aws:kms:${REGION}:000000000000:key/local-integrations`, alias: integrationsKeyAlias(STAGE) };
    // The queues of lambdas/queues.ts under their AWS names, each with its dead-letter queue (redrive after maxReceiveCount).
    const localQueues = Object.entries(queues).map(([id, definition]) => {
      const names = queueNames(STAGE, id as keyof typeof queues);
      return {
        name: names.queue,
        visibilityTimeoutSeconds: definition.visibilityTimeoutSeconds,
        retentionSeconds: definition.retentionSeconds,
        redrive: { deadLetterQueue: names.deadLetters, maxReceiveCount: definition.maxReceiveCount },
      };
    });
    const webhookRetryScale =
      options.webhookRetryScale ?? (process.env.LOCAL_WEBHOOK_RETRY_SCALE ? Number(process.env.LOCAL_WEBHOOK_RETRY_SCALE) : 1);
    if (!Number.isFinite(webhookRetryScale) || webhookRetryScale <= 0) {
      throw new LocalStackError(`LOCAL_WEBHOOK_RETRY_SCALE must be a positive number (it is "${process.env.LOCAL_WEBHOOK_RETRY_SCALE}").`);
    }
    const [dynamo, s3, ses, secretsManager, stripe, kms, sqs] = await Promise.all([
      startDynamoDbLocal({
        dbPath: path.join(options.dataDir, 'dynamodb'),
        tableName: table,
        startLimitMs: positiveSeconds('LOCAL_START_LIMIT_SECONDS', process.env.LOCAL_START_LIMIT_SECONDS),
      }),
      startS3Local({ directory: path.join(options.dataDir, 's3'), buckets: [bucket, liveRecordingsBucket] }),
      // SES's delivery events for the mailbox simulator's addresses go on the local EventBridge (issue 26).
      startSesLocal({ mailFile: path.join(options.dataDir, 'mail.json'), region: REGION, deliverEvent: (event) => eventBridge.put(event) }),
      startSecretsManagerLocal({
        secrets: {
          [secretArn(stripeSecrets.apiKey)]: process.env.STRIPE_SECRET_KEY ?? 'sk_test_local',
          [secretArn(stripeSecrets.webhookSecret)]: stripeWebhookSecret,
          // The product's own secrets at the Lever and Comeet stand-ins (the operator puts the vendors' in AWS).
          [secretArn(leverOAuthSecretName(STAGE))]: JSON.stringify(LEVER_LOCAL_OAUTH_CLIENT),
          [secretArn(comeetPartnerSecretName(STAGE))]: COMEET_LOCAL_PARTNER_SECRET,
        },
        // Secrets made at run time (single sign-on's client secrets) outlive a restart.
        dataFile: path.join(options.dataDir, 'secrets.json'),
        region: REGION,
      }),
      process.env.STRIPE_SECRET_KEY
        ? undefined
        : startStripeLocal({
            dataFile: path.join(options.dataDir, 'stripe.json'),
            webhookUrl: `${url}${API_PREFIX}${operationPath('handleStripeWebhook')}`,
            webhookSecret: stripeWebhookSecret,
            log,
          }),
      startKmsLocal({ keys: [integrationsKey], keyFile: path.join(options.dataDir, 'kms-keys.json') }),
      startSqsLocal({ region: REGION, queues: localQueues, dataFile: path.join(options.dataDir, 'sqs.json') }),
    ]);
    stops.push(dynamo.stop, s3.stop, ses.stop, secretsManager.stop, kms.stop, sqs.stop);
    // Every ATS's stand-in, on this origin under /_local/ats/{type}; the adapters reach them through
    // ATS_<TYPE>_API_URL/_AUTH_URL/_APP_URL as they would reach the vendors.
    const ats = createAtsStandIns({ vendors: atsVendorStandIns, dataFile: path.join(options.dataDir, 'ats.json'), log });
    // Single sign-on's stand-ins (issue 42): the DNS server domain proofs' TXT records are looked up in
    // (control at /_local/dns), and a real OpenID provider at /_local/oidc; both keep their data across restarts.
    const dns = await startDnsLocal({ dataFile: path.join(options.dataDir, 'dns.json'), log });
    stops.push(dns.stop);
    const oidc = await createOidcStandIn({ origin: url, dataFile: path.join(options.dataDir, 'oidc.json'), log });
    const samlIdp = await createSamlIdp({ origin: url, credentialsFile: path.join(options.dataDir, 'saml-idp.json') }); // /_local/saml (issue 42)
    // EventBridge: events (IVS's, and the product's own through PutEvents) go to the functions whose rules match them.
    const events = options.log ? createEventDelivery(options.log) : deliverEvent;
    const eventBridge = await startEventBridgeLocal({ region: REGION, deliver: events });
    stops.push(eventBridge.stop);
    // IVS real-time: the control plane, the WHIP endpoint, and individual participant recording into
    // the S3 stand-in; its Recording End events go to the functions whose rules match them.
    const ivs = await startIvsRealtimeLocal({
      storageConfigurations: { [ivsStorageConfigurationArn]: liveRecordingsBucket },
      s3: { endpoint: s3.endpoint, credentials: S3RVER_CREDENTIALS },
      workDir: path.join(options.dataDir, 'ivs-recordings'),
      deliverEvent: events,
      log,
    });
    stops.push(ivs.stop);
    // Bedrock Runtime's Converse (issue 41), answered by an extractive summariser from the transcript in
    // the request, for the model id the functions are given (SUMMARY_MODEL_ID, the deployed default); its
    // control surface (/_local/requests, /_local/next-responses) is for the tests.
    const bedrock = await startBedrockRuntimeLocal({ models: [DEFAULT_SUMMARY_MODEL_ID], log });
    stops.push(bedrock.stop);
    if (stripe) {
      stops.push(stripe.stop);
      // The stand-in sells what the catalogue says, as `npm run stripe:setup` makes a real account do.
      await syncStripeCatalog(new Stripe('sk_test_local', stripeConnection(stripe.endpoint)));
    }

    const stateMachine: LocalStateMachine = {
      name: mediaPipelineStateMachineName(STAGE),
      definition: mediaPipelineDefinition as never,
      substitutions: { MediaBucket: bucket, MediaConvertRoleArn: `arn:aws:iam::000000000000:role/${STAGE}-mediaconvert` },
      serviceTasks: localServiceTasks,
      waitOverrides: localWaitOverrides,
    };
    // The answer-package builder: its Lambda tasks (not the media pipeline's) run by state name, as Lambda runs them.
    const answerPackages: LocalStateMachine = {
      name: answerPackageStateMachineName(STAGE),
      definition: answerPackageDefinition as never,
      serviceTasks: Object.fromEntries(
        Object.entries(answerPackageStates).map(([state, task]) => [
          state,
          async (input: unknown) => ({
            StatusCode: 200,
            Payload: (await invokeHandler(answerPackageTasks[task].handler, (input as { Payload?: unknown }).Payload)) ?? null,
          }),
        ]),
      ),
    };
    // The handlers read configuration from the environment exactly as in Lambda; the SDK's own
    // AWS_ENDPOINT_URL_<SERVICE> variables point its clients at the stand-ins.
    const sfnPlaceholderArn = `arn:aws:states:${REGION}:000000000000:stateMachine:${stateMachine.name}`;
    const answerPackagesArn = `arn:aws:states:${REGION}:000000000000:stateMachine:${answerPackages.name}`;
    const env: Record<string, string> = {
      STAGE,
      AWS_REGION: REGION,
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      AWS_ENDPOINT_URL_SESV2: ses.endpoint,
      TABLE_NAME: table,
      MEDIA_BUCKET: bucket,
      STATE_MACHINE_ARN: sfnPlaceholderArn,
      ANSWER_PACKAGE_STATE_MACHINE_ARN: answerPackagesArn,
      MAIL_FROM: 'Video Interviews <no-reply@localhost>',
      MAIL_CONFIGURATION_SET: mailConfigurationSetName(STAGE),
      APP_ORIGIN: url,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ENDPOINT_URL_SECRETS_MANAGER: secretsManager.endpoint,
      AWS_ENDPOINT_URL_KMS: kms.endpoint,
      // The SDK's name for IVS real-time's endpoint variable (serviceId "IVS RealTime").
      AWS_ENDPOINT_URL_IVS_REALTIME: ivs.endpoint,
      AWS_ENDPOINT_URL_EVENTBRIDGE: eventBridge.endpoint,
      AWS_ENDPOINT_URL_SQS: sqs.endpoint,
      // The SDK's name for Bedrock Runtime's endpoint variable (serviceId "Bedrock Runtime"); the
      // functions get it only with the bedrock:invoke grant (below).
      AWS_ENDPOINT_URL_BEDROCK_RUNTIME: bedrock.endpoint,
      LIVE_RECORDINGS_BUCKET: liveRecordingsBucket,
      IVS_STORAGE_CONFIGURATION_ARN: ivsStorageConfigurationArn,
      ...(stripe ? { STRIPE_API_URL: stripe.endpoint } : {}),
      ...ats.environment(url),
    };
    Object.assign(process.env, env);
    delete process.env.AWS_PROFILE;

    const sfn = await startStepFunctionsLocal({ region: REGION, machines: [stateMachine, answerPackages], log });
    stops.push(sfn.stop);
    process.env.AWS_ENDPOINT_URL_SFN = env.AWS_ENDPOINT_URL_SFN = sfn.endpoint;
    // Fault mode (lib/local/faults): the functions reach each stand-in through a proxy that injects the faults asked for.
    const faults = await startFaultMode(env, log);
    stops.push(faults.stop);

    // Each function runs in its own worker with only what its grants give it (lib/functions.ts),
    // what Lambda's runtime sets, and the stand-ins' endpoints; the runtime reports each
    // invocation's DynamoDB calls (lib/local/dynamodb-calls.ts).
    const dynamoDbCalls = createDynamoDbCallRecorder();
    configureLambdaRuntime({
      observe: dynamoDbCalls.record,
      // LOCAL_LAMBDA_CONCURRENCY: execution environments per function (the runtime's default unless set).
      concurrency: wholeNumber('LOCAL_LAMBDA_CONCURRENCY', process.env.LOCAL_LAMBDA_CONCURRENCY),
      stage: STAGE,
      values: {
        TABLE_NAME: table,
        MEDIA_BUCKET: bucket,
        MAIL_FROM: env.MAIL_FROM!,
        MAIL_CONFIGURATION_SET: env.MAIL_CONFIGURATION_SET!,
        APP_ORIGIN: url,
        STATE_MACHINE_ARN: sfnPlaceholderArn,
        ANSWER_PACKAGE_STATE_MACHINE_ARN: answerPackagesArn,
        STRIPE_API_KEY_SECRET_ID: stripeSecretNames(STAGE).apiKey,
        STRIPE_WEBHOOK_SECRET_ID: stripeSecretNames(STAGE).webhookSecret,
        INTEGRATIONS_KEY_ID: integrationsKey.alias,
        LEVER_OAUTH_CLIENT_SECRET_ID: leverOAuthSecretName(STAGE),
        COMEET_PARTNER_SECRET_ID: comeetPartnerSecretName(STAGE),
        IVS_STORAGE_CONFIGURATION_ARN: ivsStorageConfigurationArn,
        LIVE_RECORDINGS_BUCKET: liveRecordingsBucket,
        EVENT_BUS_NAME: 'default',
        // On the fault proxy's origin, as the functions' SQS endpoint is: the SDK sends to the queue URL's host.
        WEBHOOK_DELIVERIES_QUEUE_URL: `${faults.environment.AWS_ENDPOINT_URL_SQS}/000000000000/${queueNames(STAGE, 'webhookDeliveries').queue}`,
        // The receiver page on this origin (`/_local/webhooks`) is a webhook target here; nothing else private is.
        WEBHOOK_ALLOWED_ORIGINS: url,
        WEBHOOK_RETRY_SCALE: String(webhookRetryScale),
        // The model id the Bedrock Runtime stand-in answers for (the deployed default), and the deployed default budget.
        SUMMARY_MODEL_ID: DEFAULT_SUMMARY_MODEL_ID,
        SUMMARY_MONTHLY_TOKEN_BUDGET: String(DEFAULT_SUMMARY_MONTHLY_TOKEN_BUDGET),
        SSO_SECRET_PREFIX: ssoSecretPrefix(STAGE),
        // The OIDC and SAML stand-ins are on this origin (`/_local/oidc`, `/_local/saml`); nothing else private is reachable.
        SSO_ALLOWED_ORIGINS: url,
        DNS_RESOLVER: dns.resolver,
      },
      runtimeEnvironment: {
        // AWS_ENDPOINT_URL_SECRETS_MANAGER and _KMS among the endpoints; STRIPE_API_URL when the Stripe
        // stand-in runs; the ATS stand-ins' ATS_<TYPE>_*_URL.
        ...pick(
          faults.environment,
          /^(AWS_REGION|AWS_ACCESS_KEY_ID|AWS_SECRET_ACCESS_KEY|AWS_ENDPOINT_URL_(?!BEDROCK_RUNTIME$)\w+|S3_FORCE_PATH_STYLE|STRIPE_API_URL|ATS_[A-Z]+_(API|AUTH|APP)_URL)$/,
        ),
        ...pick(process.env, /^(LOG_LEVEL|AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED)$/),
        AWS_DEFAULT_REGION: REGION,
      },
      // Only a function allowed to invoke the model reaches the Bedrock stand-in (through its fault proxy).
      grantEnvironment: { 'bedrock:invoke': { AWS_ENDPOINT_URL_BEDROCK_RUNTIME: faults.environment.AWS_ENDPOINT_URL_BEDROCK_RUNTIME! } },
    });
    stops.push(stopLambdaRuntime);
    // Events under way reach their functions before the runtime stops (stops run last-in, first-out).
    stops.push(eventBridge.drain);

    // Lambda's event source mapping of each queue: the same consumer functions, with SQS's event shape.
    const sqsPoller = startSqsPoller({
      endpoint: sqs.endpoint,
      region: REGION,
      credentials: S3RVER_CREDENTIALS,
      queueUrl: (queue) => sqs.queueUrl(queueNames(STAGE, queue as keyof typeof queues).queue),
      queueArn: (queue) => sqs.queueArn(queueNames(STAGE, queue as keyof typeof queues).queue),
      log: (msg, fields) => (options.log ?? ((m, f) => console.error(JSON.stringify({ level: 'error', msg: m, ...f }))))(msg, fields),
    });
    stops.push(sqsPoller.stop);
    // Lambda's event source mapping of the table's stream: the functions of lambdas/streams.ts, with DynamoDB's event shape.
    const streamsPoller = startDynamoDbStreamsPoller({
      endpoint: dynamo.endpoint,
      region: REGION,
      credentials: S3RVER_CREDENTIALS,
      tableName: table,
      checkpointFile: path.join(options.dataDir, 'dynamodb-streams.json'),
      log: (msg, fields) => (options.log ?? ((m, f) => console.error(JSON.stringify({ level: 'error', msg: m, ...f }))))(msg, fields),
    });
    stops.push(streamsPoller.stop);
    // The webhook receiver page (like the mailbox): what arrived, each signature verified, and failures on request.
    const webhookReceiver = createWebhookReceiver({ dataFile: path.join(options.dataDir, 'webhooks.json') });

    const scheduler = startScheduler(log, { timed: options.schedules !== 'manual' });
    stops.push(scheduler.stop);

    const server = createServer();
    // A request waits for an execution environment as long as it must (lib/local/lambda-runtime.ts), and a
    // kept-alive connection outlives the client's idle timer, so the server never closes one as it is reused.
    server.requestTimeout = 0;
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    let vite: ViteDevServer | undefined;
    if (options.spa === 'dev') {
      const { createServer: createViteServer } = await import('vite');
      vite = await createViteServer({
        configFile: path.join(repoRoot, 'web/vite.config.ts'),
        server: { middlewareMode: true, hmr: { server } },
        appType: 'spa',
        logLevel: 'warn',
      });
      stops.push(() => vite?.close());
    }
    const spaHeaders: Record<string, string> = {
      ...securityHeaders,
      'content-security-policy': localContentSecurityPolicy([s3.endpoint, faults.environment.AWS_ENDPOINT_URL_S3!]),
    };
    delete spaHeaders['strict-transport-security']; // plain http on localhost

    const onRequest = async (req: IncomingMessage, res: ServerResponse) => {
      const requestUrl = new URL(req.url ?? '/', url);
      if (requestUrl.pathname === API_PREFIX || requestUrl.pathname.startsWith(`${API_PREFIX}/`)) {
        await handleApiRequest(req, res, requestUrl);
      } else if (await ats.handle(req, res, url)) {
        // an ATS stand-in answered
      } else if (await oidc.handle(req, res, requestUrl)) {
        // the OpenID provider stand-in answered
      } else if (await dns.handle(req, res, requestUrl)) {
        // the DNS stand-in's control answered
      } else if (await samlIdp.handle(req, res, requestUrl)) {
        // the SAML identity provider stand-in answered
      } else if (requestUrl.pathname === '/_local/dynamodb-calls') {
        dynamoDbCalls.serve(req, res, requestUrl);
      } else if (requestUrl.pathname === '/_local/webhooks' || requestUrl.pathname.startsWith('/_local/webhooks/')) {
        await webhookReceiver.handle(req, res, requestUrl);
      } else if (req.method === 'GET' && requestUrl.pathname === '/_local/streams/drained') {
        // Answers once the table's stream has been handed to its functions up to now (tests wait on it).
        await streamsPoller.drained();
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ drained: true }));
      } else if (req.method === 'GET' && requestUrl.pathname === '/_local/streams/records') {
        // The records handed to stream functions lately (keys, event and outcome; no images), `?pk=` for one partition's.
        const pk = requestUrl.searchParams.get('pk');
        const records = streamsPoller.handedRecords().filter((record) => pk === null || (record.keys.PK as { S?: string } | undefined)?.S === pk);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ records }));
      } else if (requestUrl.pathname === '/_local/faults') {
        await serveFaults(req, res, requestUrl);
      } else if (requestUrl.pathname === '/_local/mail') {
        const wantsHtml = requestUrl.searchParams.get('format') !== 'json' && /text\/html/.test(req.headers.accept ?? '');
        sendMailbox(res, ses.messages(), wantsHtml);
      } else if (req.method === 'POST' && requestUrl.pathname.startsWith('/_local/schedules/')) {
        // Runs a scheduled job now (testers need not wait for its rate); `?time=` sets the event's time.
        const id = decodeURIComponent(requestUrl.pathname.slice('/_local/schedules/'.length));
        if (!scheduleEntries.some(([name]) => name === id)) res.writeHead(404, { 'content-type': 'text/plain' }).end(`No schedule named ${id}`);
        else
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify((await scheduler.run(id, requestUrl.searchParams.get('time') ?? undefined)) ?? null));
      } else if (vite) {
        vite.middlewares(req, res);
      } else if (options.spa === 'dist') {
        serveStatic(path.join(repoRoot, 'web/dist'), requestUrl.pathname, res, spaHeaders);
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      }
    };
    server.on('request', (req, res) => {
      onRequest(req, res).catch((error: unknown) => {
        log('request failed', { error: String(error) });
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ detail: 'Internal Server Error', code: 'internal_error' }));
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE'
            ? new LocalStackError(
                `Port ${options.port} is already in use: stop whatever is using it, or pick another port with PORT=${options.port + 1} npm start.`,
              )
            : error,
        ),
      );
      server.listen(options.port, resolve);
    });
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );

    return {
      url,
      services: {
        dynamodb: dynamo.endpoint,
        s3: s3.endpoint,
        ses: ses.endpoint,
        stepFunctions: sfn.endpoint,
        secretsManager: secretsManager.endpoint,
        kms: kms.endpoint,
        ivsRealtime: ivs.endpoint,
        eventBridge: eventBridge.endpoint,
        sqs: sqs.endpoint,
        bedrockRuntime: bedrock.endpoint,
        whip: ivs.whipUrl,
        oidc: oidc.issuer,
        dns: dns.resolver,
        ...(stripe ? { stripe: stripe.endpoint } : {}),
      },
      env,
      runSchedule: scheduler.run,
      dynamoDbCalls: { list: dynamoDbCalls.list, clear: dynamoDbCalls.clear },
      pipelineIdle: sfn.idle,
      liveRecordingsIdle: ivs.idle,
      queuesIdle: sqsPoller.idle,
      streamsDrained: streamsPoller.drained,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};
