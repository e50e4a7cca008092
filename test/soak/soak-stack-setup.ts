import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { FaultRuleInput } from '../../lib/local/faults/rules';
import { freePort } from '../../lib/local/net';
import { startLocalStack } from '../../lib/local/stack';
import '../support/local-stack-setup';

/**
 * The soak test's own local stack (issue 37), with the fault mode on for every call the functions
 * make from the first one: about one call in ten to each AWS service, Stripe and the ATS fails with
 * the error that service really answers, drawn from fixed seeds so a run repeats; a few writes do
 * their work and lose their answer (`phase: 'response'`), which is what idempotent retries are for.
 * It cannot share the api/e2e projects' stack (their tests would meet these faults), nor live in
 * their vitest process (the local Lambda runtime is configured once per process): it is the `soak`
 * project, run on its own (VITEST_ALONE=soak, vitest.config.ts).
 *
 * Rules are tried in order and the first that fires wins, so the lost answers come first and each
 * service's share of errors is split between two codes.
 */
export const SOAK_SEED = 37;
export const soakFaults: FaultRuleInput[] = [
  // Done, and the answer lost: the SDK's retry must find its own write (conditions, ClientRequestToken).
  { service: 'dynamodb', operation: 'TransactWriteItems', fault: 'InternalServerError', phase: 'response', rate: 0.03, seed: SOAK_SEED + 1 },
  { service: 'dynamodb', operation: 'PutItem', fault: 'InternalServerError', phase: 'response', rate: 0.02, seed: SOAK_SEED + 2 },
  { service: 'dynamodb', operation: 'UpdateItem', fault: 'InternalServerError', phase: 'response', rate: 0.02, seed: SOAK_SEED + 3 },
  { service: 'dynamodb', fault: 'ProvisionedThroughputExceededException', rate: 0.05, seed: SOAK_SEED + 4 },
  { service: 'dynamodb', fault: 'InternalServerError', rate: 0.05, seed: SOAK_SEED + 5 },
  { service: 's3', operation: 'UploadPart', fault: 'InternalError', phase: 'response', rate: 0.03, seed: SOAK_SEED + 6 },
  { service: 's3', operation: 'PutObject', fault: 'InternalError', phase: 'response', rate: 0.02, seed: SOAK_SEED + 7 },
  { service: 's3', fault: 'SlowDown', rate: 0.05, seed: SOAK_SEED + 8 },
  { service: 's3', fault: 'InternalError', rate: 0.05, seed: SOAK_SEED + 9 },
  { service: 'ses', fault: 'TooManyRequestsException', rate: 0.1, seed: SOAK_SEED + 10 },
  { service: 'sfn', fault: 'ThrottlingException', rate: 0.1, seed: SOAK_SEED + 11 },
  { service: 'kms', fault: 'ThrottlingException', rate: 0.1, seed: SOAK_SEED + 12 },
  { service: 'secretsmanager', fault: 'ThrottlingException', rate: 0.1, seed: SOAK_SEED + 13 },
  { service: 'eventbridge', fault: 'ThrottlingException', rate: 0.1, seed: SOAK_SEED + 14 },
  // Stripe's SDK retries a create with the Idempotency-Key it sends; the stand-in replays by it.
  { service: 'stripe', operation: 'POST /v1/checkout/sessions', fault: 'api_error', phase: 'response', rate: 0.05, seed: SOAK_SEED + 15 },
  { service: 'stripe', fault: 'api_error', rate: 0.1, seed: SOAK_SEED + 16 },
  { service: 'ats', fault: 'TooManyRequests', rate: 0.1, seed: SOAK_SEED + 17 },
];

export default async function setup(project: TestProject) {
  process.env.LOG_LEVEL ??= 'warn';
  process.env.LOCAL_FAULTS = JSON.stringify(soakFaults);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'interviews-soak-'));
  // SOAK_LOG=<file>: every fault injected (and the stack's other log lines) as JSON lines, to find what a failure met.
  const logFile = process.env.SOAK_LOG;
  const log = logFile
    ? (msg: string, fields?: Record<string, unknown>) =>
        appendFileSync(logFile, `${JSON.stringify({ time: new Date().toISOString(), msg, ...fields })}\n`)
    : undefined;
  const stack = await startLocalStack({ port: await freePort(), dataDir, spa: 'none', schedules: 'manual', log });
  project.provide('baseUrl', stack.url);
  project.provide('localEnv', stack.env);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
