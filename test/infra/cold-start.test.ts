import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  functionEnvironment,
  lambdaFunctions,
  comeetPartnerSecretName,
  integrationsKeyAlias,
  leverOAuthSecretName,
  stripeSecretNames,
  type GrantValues,
} from '../../lib/functions';
import { bundleHandlers } from '../../lib/lambda-bundling';

/**
 * Every function starts as deployed: each handler is bundled exactly as CDK bundles it and
 * imported in a fresh Node process whose environment is only what Lambda would give it (what
 * its grants set, as CDK sets them, plus the runtime's own
 * variables). A module that reads a variable its grants do not give it fails here, not in AWS.
 */
const STAGE = 'coldstart';
const values: GrantValues = {
  TABLE_NAME: `${STAGE}-interviews`,
  MEDIA_BUCKET: `${STAGE}-media`,
  MAIL_FROM: 'no-reply@example.com',
  MAIL_CONFIGURATION_SET: `${STAGE}-mail`,
  APP_ORIGIN: 'https://d111111abcdef8.cloudfront.net',
  STATE_MACHINE_ARN: `arn:aws:states:us-east-1:000000000000:stateMachine:${STAGE}-media-pipeline`,
  ANSWER_PACKAGE_STATE_MACHINE_ARN: `arn:aws:states:us-east-1:000000000000:stateMachine:${STAGE}-answer-packages`,
  STRIPE_API_KEY_SECRET_ID: stripeSecretNames(STAGE).apiKey,
  STRIPE_WEBHOOK_SECRET_ID: stripeSecretNames(STAGE).webhookSecret,
  INTEGRATIONS_KEY_ID: integrationsKeyAlias(STAGE),
  LEVER_OAUTH_CLIENT_SECRET_ID: leverOAuthSecretName(STAGE),
  COMEET_PARTNER_SECRET_ID: comeetPartnerSecretName(STAGE),
  IVS_STORAGE_CONFIGURATION_ARN: `arn:aws:ivs:us-east-1:000000000000:storage-configuration/${STAGE}`,
  LIVE_RECORDINGS_BUCKET: `${STAGE}-live-recordings`,
  EVENT_BUS_NAME: 'default',
  WEBHOOK_DELIVERIES_QUEUE_URL: `https://sqs.us-east-1.amazonaws.com/000000000000/${STAGE}-webhook-deliveries`,
  WEBHOOK_ALLOWED_ORIGINS: '',
  WEBHOOK_RETRY_SCALE: '1',
  SUMMARY_MODEL_ID: 'amazon.nova-micro-v1:0',
  SUMMARY_MONTHLY_TOKEN_BUDGET: '2000000',
  SSO_SECRET_PREFIX: `${STAGE}/sso/`,
  SSO_ALLOWED_ORIGINS: '',
  DNS_RESOLVER: '',
};

/** What Lambda's Node.js runtime sets in every function, whatever its configuration. */
const lambdaRuntimeEnvironment = (id: string) => ({
  AWS_REGION: 'us-east-1',
  AWS_DEFAULT_REGION: 'us-east-1',
  AWS_LAMBDA_FUNCTION_NAME: `${STAGE}-${id}`,
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '256',
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
  LAMBDA_TASK_ROOT: '/var/task',
  TZ: ':UTC',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
});

/** Imports a bundle in a new process with exactly `env`; resolves with what the import printed. */
const coldImport = (file: string, env: Record<string, string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const script = `const m = await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(typeof m.handler);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });

describe('every function loads with only the environment its grants give it', () => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'cold-start-'));

  beforeAll(async () => {
    await bundleHandlers(Object.fromEntries(lambdaFunctions.map((fn) => [`${fn.id}/index`, fn.handler])), outdir);
  });
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('covers every route, pipeline task, schedule, event function, queue consumer and stream function', () => {
    const kinds = new Set(lambdaFunctions.map((fn) => fn.kind));
    expect([...kinds].sort()).toEqual(['event', 'pipeline', 'queue', 'route', 'schedule', 'stream']);
  });

  it.each(lambdaFunctions.map((fn) => [fn.description, fn] as const))('%s', async (_, fn) => {
    const env = { ...lambdaRuntimeEnvironment(fn.id), ...functionEnvironment(fn, STAGE, values) };
    const result = await coldImport(path.join(outdir, fn.id, 'index.mjs'), env);
    expect(result.stderr).toBe('');
    expect({ code: result.code, handler: result.stdout }).toEqual({ code: 0, handler: 'function' });
  });
});
