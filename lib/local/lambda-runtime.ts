import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { functionEnvironment, functionOfHandler, type GrantValues, type LambdaFunctionDefinition } from '../functions';
import { bundleHandlers } from '../lambda-bundling';
import { DYNAMODB_CALLS_WORKER_SOURCE, type DynamoDbCall, type ObservedInvocation } from './dynamodb-calls';

/**
 * Runs each Lambda function locally the way Lambda runs it, so what passes here starts in AWS:
 * - its deployed bundle: the handler module bundled by esbuild exactly as CDK bundles it
 *   (lib/lambda-bundling.ts), on the function's first call (its cold start);
 * - its own module instance: one worker thread per function, so no state leaks between functions;
 * - only the environment its grants give it (lib/functions.ts, the table CDK reads too), plus what
 *   Lambda's runtime sets (region, credentials, function name) and the stand-ins' endpoints.
 * A function that fails to load answers every call with its import error, as Lambda's init error.
 * `handler` is a module path under `lambdas/`, as the route table, pipeline tasks and schedules name it.
 * The worker also reports the DynamoDB calls each invocation made (lib/local/dynamodb-calls.ts) to
 * `observe`, for the bench's calls per request; the function's code is not involved.
 */
export interface LambdaRuntimeConfig {
  stage: string;
  values: GrantValues;
  /** What Lambda's runtime provides and the stand-ins' endpoints (AWS_REGION, AWS_ENDPOINT_URL_*, …). */
  runtimeEnvironment: Record<string, string>;
  /** Told of every finished invocation with the DynamoDB calls it made. */
  observe?: (invocation: ObservedInvocation) => void;
}

interface Invocation {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  event: unknown;
  startedAt: number;
}

interface LocalFunction {
  worker: Promise<Worker>;
  pending: Map<string, Invocation>;
}

type WorkerReply = ({ id: string; result: unknown } | { id: string; error: { name: string; message: string; stack?: string } }) & {
  calls: DynamoDbCall[];
};

/** The worker's whole program: import the bundle once, then run the handler for each message. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
process.setSourceMapsEnabled(true);
${DYNAMODB_CALLS_WORKER_SOURCE}
const loaded = import(workerData.bundleUrl).then((mod) => {
  if (typeof mod.handler !== 'function') throw new Error('lambdas/' + workerData.handler + ' exports no handler');
  return mod.handler;
});
loaded.catch(() => undefined);
parentPort.on('message', async ({ id, event, context }) => {
  const handler = await loaded.catch((error) => error);
  const noop = () => undefined;
  const outcome = await observeInvocation(() => {
    if (typeof handler !== 'function') throw handler;
    return handler(event, {
      ...context,
      getRemainingTimeInMillis: () => Math.max(0, context.deadline - Date.now()),
      done: noop, fail: noop, succeed: noop,
    });
  });
  const calls = outcome.calls.map((call) => ({ ...call }));
  if (!('error' in outcome)) {
    parentPort.postMessage({ id, result: outcome.value, calls });
    return;
  }
  const e = outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
  parentPort.postMessage({ id, error: { name: e.name, message: e.message, stack: e.stack }, calls });
});
`;

let config: LambdaRuntimeConfig | undefined;
let bundleDir: string | undefined;
const functions = new Map<string, LocalFunction>();

/** Sets what every function's environment is made of; called once by the local stack. */
export const configureLambdaRuntime = (next: LambdaRuntimeConfig): void => {
  config = next;
};

const functionName = (fn: LambdaFunctionDefinition, runtime: LambdaRuntimeConfig) => `${runtime.stage}-${fn.id}`;

/** The environment a function starts with: exactly what Lambda would give it. */
const lambdaEnvironment = (fn: LambdaFunctionDefinition, runtime: LambdaRuntimeConfig): Record<string, string> => ({
  ...runtime.runtimeEnvironment,
  AWS_LAMBDA_FUNCTION_NAME: functionName(fn, runtime),
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
  ...functionEnvironment(fn, runtime.stage, runtime.values),
});

const startFunction = (fn: LambdaFunctionDefinition): LocalFunction => {
  if (!config) throw new Error('The local Lambda runtime is not configured (configureLambdaRuntime)');
  const runtime = config;
  const pending = new Map<string, Invocation>();
  bundleDir ??= mkdtempSync(path.join(tmpdir(), 'local-lambdas-'));
  const outdir = bundleDir;
  const worker = bundleHandlers({ [`${fn.id}/index`]: fn.handler }, outdir).then(() => {
    const bundle = path.join(outdir, fn.id, 'index.mjs');
    const thread = new Worker(WORKER_SOURCE, {
      eval: true,
      env: lambdaEnvironment(fn, runtime),
      workerData: { bundleUrl: pathToFileURL(bundle).href, handler: fn.handler },
      name: fn.id,
    });
    thread.unref();
    thread.on('message', (reply: WorkerReply) => {
      const invocation = pending.get(reply.id);
      if (!invocation) return;
      pending.delete(reply.id);
      runtime.observe?.({
        functionId: fn.id,
        event: invocation.event,
        ...('error' in reply ? { error: reply.error.message } : { result: reply.result }),
        durationMs: performance.now() - invocation.startedAt,
        calls: reply.calls,
      });
      if ('error' in reply) invocation.reject(Object.assign(new Error(reply.error.message), reply.error));
      else invocation.resolve(reply.result);
    });
    // A crash (an uncaught error, as in Lambda) fails what was running; the next call starts afresh.
    const crashed = (error: unknown) => {
      if (functions.get(fn.handler)?.pending === pending) functions.delete(fn.handler);
      for (const invocation of pending.values()) invocation.reject(error);
      pending.clear();
    };
    thread.on('error', crashed);
    thread.on('exit', (code) => crashed(new Error(`The function ${fn.id} exited (code ${code})`)));
    return thread;
  });
  return { worker, pending };
};

/** Invokes the function whose handler module this is, with its own deadline (its timeout). */
export const invokeHandler = async (handler: string, event: unknown): Promise<unknown> => {
  const fn = functionOfHandler(handler);
  let local = functions.get(handler);
  if (!local) {
    local = startFunction(fn);
    functions.set(handler, local);
    local.worker.catch(() => functions.delete(handler));
  }
  const worker = await local.worker;
  const id = randomUUID();
  const name = functionName(fn, config!);
  const context = {
    awsRequestId: id,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${name}`,
    memoryLimitInMB: String(fn.memoryMb),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    deadline: Date.now() + fn.timeoutSeconds * 1000,
  };
  const { pending } = local;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, event, startedAt: performance.now() });
    worker.postMessage({ id, event, context });
  });
};

/** Stops every function's worker and removes the bundles (the local stack's shutdown). */
export const stopLambdaRuntime = async (): Promise<void> => {
  const running = [...functions.values()];
  functions.clear();
  await Promise.all(running.map((local) => local.worker.then((worker) => worker.terminate()).catch(() => undefined)));
  if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
  bundleDir = undefined;
};
