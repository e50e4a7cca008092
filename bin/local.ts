#!/usr/bin/env -S npx tsx
/**
 * `npm start`: the whole product on this machine, on local stand-ins for AWS (DESIGN.md §6).
 *
 *   npm start                   SPA with hot reload + API on http://localhost:3000
 *   npm start -- --reset        wipe local data (.local/) first
 *   npm start -- --spa=dist     serve the built SPA (npm run build:web) instead of the dev server
 *   PORT=4000 npm start         another port
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LocalStackError } from '../lib/local/errors';
import { repoRoot, startLocalStack } from '../lib/local/stack';

const { values } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    port: { type: 'string' },
    spa: { type: 'string', default: 'dev' },
    'data-dir': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log('Usage: npm start -- [--reset] [--port 3000] [--spa dev|dist|none] [--data-dir .local]');
  process.exit(0);
}

const port = Number(values.port ?? process.env.PORT ?? 3000);
const spa = values.spa as 'dev' | 'dist' | 'none';
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`Invalid port "${values.port ?? process.env.PORT}": use a number between 1 and 65535.`);
  process.exit(1);
}
if (!['dev', 'dist', 'none'].includes(spa)) {
  console.error(`Invalid --spa "${spa}": use dev, dist or none.`);
  process.exit(1);
}
const dataDir = path.resolve(values['data-dir'] ?? process.env.LOCAL_DATA_DIR ?? path.join(repoRoot, '.local'));

const log = (msg: string, fields?: Record<string, unknown>) => console.log(JSON.stringify({ level: 'info', msg, ...fields }));

try {
  const startedAt = Date.now();
  const stack = await startLocalStack({ port, dataDir, reset: values.reset, spa, log });
  const rows: [string, string][] = [
    ['App', `${stack.url}/  (${spa === 'dev' ? 'Vite dev server, hot reload' : spa === 'dist' ? 'built SPA from web/dist' : 'no SPA'})`],
    ['API', `${stack.url}/api/v1  (health: ${stack.url}/api/v1/health, spec: ${stack.url}/api/v1/openapi.json)`],
    ['Mailbox', `${stack.url}/_local/mail  (JSON with ?format=json)`],
    ['Webhooks', `${stack.url}/_local/webhooks  receiver page; endpoints at ${stack.url}/_local/webhooks/receive/<name>`],
    ['DynamoDB', `${stack.services.dynamodb}  DynamoDB Local, table ${stack.env.TABLE_NAME}`],
    ['S3', `${stack.services.s3}  s3rver, buckets ${stack.env.MEDIA_BUCKET}, ${stack.env.LIVE_RECORDINGS_BUCKET}`],
    ['IVS real-time', `${stack.services.ivsRealtime}  IVS stand-in (stages, participant tokens), recording into ${stack.env.LIVE_RECORDINGS_BUCKET}`],
    ['WHIP', `${stack.services.whip}  werift (Authorization: Bearer <participant token>)`],
    ['SES', `${stack.services.ses}  aws-ses-v2-local`],
    ['Step Functions', `${stack.services.stepFunctions}  aws-local-stepfunctions`],
    ['EventBridge', `${stack.services.eventBridge}  PutEvents stand-in, delivering to the event functions (lambdas/event-rules.ts)`],
    ['Secrets', `${stack.services.secretsManager}  Secrets Manager stand-in (the Stripe secrets)`],
    ['SQS', `${stack.services.sqs}  SQS stand-in (the webhook deliveries queue), polled into its consumer (lambdas/queues.ts)`],
    ['Bedrock', `${stack.services.bedrockRuntime}  Bedrock Runtime stand-in (Converse): extractive summaries from the transcript, not a model`],
    ['OpenID', `${stack.services.oidc}  OpenID provider stand-in (oidc-provider); client, secret and redirect URL on its page ${stack.url}/_local/oidc`],
    ['SAML', `${stack.url}/_local/saml/metadata  SAML identity provider stand-in (samlify): paste this metadata URL into Company settings → Sign-in`],
    ['DNS', `${stack.services.dns}  DNS stand-in for domain proofs; TXT records at ${stack.url}/_local/dns`],
    [
      'Stripe',
      stack.services.stripe
        ? `${stack.services.stripe}  Stripe stand-in, webhook secret ${process.env.STRIPE_WEBHOOK_SECRET ? 'from STRIPE_WEBHOOK_SECRET' : 'whsec_local_test'}`
        : 'api.stripe.com (STRIPE_SECRET_KEY is set)',
    ],
    ['Data', `${dataDir}${values.reset ? '  (reset)' : ''}`],
  ];
  console.log(`\nLocal stack up in ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`);
  for (const [name, value] of rows) console.log(`  ${name.padEnd(15)}${value}`);
  console.log('\nPress Ctrl-C to stop.\n');

  let stopping = false;
  const shutdown = async () => {
    if (stopping) process.exit(1); // a second Ctrl-C forces it
    stopping = true;
    console.log('\nStopping…');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
} catch (error) {
  if (error instanceof LocalStackError) {
    console.error(`npm start: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
