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
 * - its own execution environments: a worker thread each, with its own module instance, running one
 *   invocation at a time as Lambda does; concurrent calls get environments of their own up to a
 *   concurrency limit and wait beyond it, so no state leaks between functions or between requests;
 * - its timeout, counted from when the invocation starts in its environment (not while it waits);
 *   at the timeout the environment is discarded and the call fails as Lambda's "Task timed out";
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
  /** What a function gets only with a grant, by the grant's name (a stand-in's endpoint only its callers may reach). */
  grantEnvironment?: Readonly<Record<string, Record<string, string>>>;
  /** Told of every finished invocation with the DynamoDB calls it made. */
  observe?: (invocation: ObservedInvocation) => void;
  /** Execution environments per function (DEFAULT_LOCAL_CONCURRENCY unless set). */
  concurrency?: number;
}

interface Invocation {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  event: unknown;
  /** When it was asked for (queue time included), for the observer. */
  queuedAt: number;
}

/** One execution environment: a worker thread running at most one invocation at a time, as Lambda does. */
interface Environment {
  worker: Worker;
  /** The invocation it runs now, with its id and the timer that ends it at the function's timeout. */
  running: { id: string; invocation: Invocation; startedAt: number; timer: NodeJS.Timeout } | null;
  /** Set when it is idle and may be reclaimed (all but the function's first environment). */
  idleTimer: NodeJS.Timeout | null;
  /** Whether it has run an invocation: the first one also waits for the code to load (Lambda's init). */
  warm: boolean;
}

interface LocalFunction {
  fn: LambdaFunctionDefinition;
  /** The function's bundle (built once, on the first call: the code every environment loads). */
  bundle: Promise<string>;
  environments: Set<Environment>;
  /** Invocations waiting for an environment, beyond the concurrency limit (Lambda would throttle). */
  queue: Invocation[];
}

type WorkerReply = ({ id: string; result: unknown } | { id: string; error: { name: string; message: string; stack?: string } }) & {
  calls: DynamoDbCall[];
};

/**
 * The worker's whole program: import the bundle once (its init), then run the handler for each
 * message. The deadline starts when the invocation does, in its own environment, as Lambda's clock.
 */
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
  // The clock starts when the runtime handed the invocation over, or on a cold start once the code
  // has loaded (Lambda's init is not counted in the timeout).
  const deadline = (context.cold ? Date.now() : context.handedAt) + workerData.timeoutMs;
  const noop = () => undefined;
  const outcome = await observeInvocation(() => {
    if (typeof handler !== 'function') throw handler;
    return handler(event, {
      ...context,
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
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

/**
 * Execution environments a function may run at once before further invocations wait for one.
 * Lambda scales a function to the account's concurrency (1,000 by default); locally each
 * environment is a worker thread on a laptop's few cores (and every function shares one DynamoDB
 * Local), where more at once only makes each slower: the limit is small and settable.
 */
export const DEFAULT_LOCAL_CONCURRENCY = 4;
/** An environment idle this long is reclaimed (Lambda reclaims idle environments too); a function keeps its first. */
const IDLE_ENVIRONMENT_MS = 60_000;
/** Lambda's limit on a function's init phase (its module's import), apart from the invocation's timeout. */
const INIT_LIMIT_MS = 10_000;
/**
 * How long after the timeout an invocation still running is stopped. The handler chain answers 5 ms
 * before its deadline (middy's early timeout); on a loaded machine a thread's timers run late, so
 * the stop leaves it room to send that answer rather than lose it.
 */
const TIMEOUT_GRACE_MS = 1000;

let config: LambdaRuntimeConfig | undefined;
let bundleDir: string | undefined;
const functions = new Map<string, LocalFunction>();

/** Sets what every function's environment is made of; called once by the local stack. */
export const configureLambdaRuntime = (next: LambdaRuntimeConfig): void => {
  config = next;
};

const runtimeConfig = (): LambdaRuntimeConfig => {
  if (!config) throw new Error('The local Lambda runtime is not configured (configureLambdaRuntime)');
  return config;
};

const functionName = (fn: LambdaFunctionDefinition, runtime: LambdaRuntimeConfig) => `${runtime.stage}-${fn.id}`;

/** The environment a function starts with: exactly what Lambda would give it. */
const lambdaEnvironment = (fn: LambdaFunctionDefinition, runtime: LambdaRuntimeConfig): Record<string, string> => ({
  ...runtime.runtimeEnvironment,
  ...Object.assign({}, ...fn.grants.map((grant) => runtime.grantEnvironment?.[grant] ?? {})),
  AWS_LAMBDA_FUNCTION_NAME: functionName(fn, runtime),
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
  ...functionEnvironment(fn, runtime.stage, runtime.values),
});

/** Lambda's error for an invocation that ran past its timeout (the environment is discarded). */
const timedOut = (fn: LambdaFunctionDefinition) =>
  Object.assign(new Error(`Task timed out after ${fn.timeoutSeconds.toFixed(2)} seconds`), { name: 'Sandbox.Timedout' });

const limitOf = (runtime: LambdaRuntimeConfig) => Math.max(1, runtime.concurrency ?? DEFAULT_LOCAL_CONCURRENCY);

/** Ends an environment: what it ran fails with `error`, and it takes no more invocations. */
const discard = (local: LocalFunction, env: Environment, error: unknown) => {
  if (!local.environments.delete(env)) return;
  if (env.idleTimer) clearTimeout(env.idleTimer);
  if (env.running) {
    clearTimeout(env.running.timer);
    env.running.invocation.reject(error);
    env.running = null;
  }
  void env.worker.terminate().catch(() => undefined);
  // What waited may now get an environment of its own.
  dispatch(local);
};

const startEnvironment = (local: LocalFunction, bundle: string): Environment => {
  const runtime = runtimeConfig();
  const { fn } = local;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    env: lambdaEnvironment(fn, runtime),
    workerData: { bundleUrl: pathToFileURL(bundle).href, handler: fn.handler, timeoutMs: fn.timeoutSeconds * 1000 },
    name: fn.id,
  });
  worker.unref();
  const env: Environment = { worker, running: null, idleTimer: null, warm: false };
  worker.on('message', (reply: WorkerReply) => {
    const running = env.running;
    if (!running || running.id !== reply.id) return;
    clearTimeout(running.timer);
    env.running = null;
    runtime.observe?.({
      functionId: fn.id,
      event: running.invocation.event,
      ...('error' in reply ? { error: reply.error.message } : { result: reply.result }),
      durationMs: performance.now() - running.startedAt,
      queuedMs: running.startedAt - running.invocation.queuedAt,
      calls: reply.calls,
    });
    if ('error' in reply) running.invocation.reject(Object.assign(new Error(reply.error.message), reply.error));
    else running.invocation.resolve(reply.result);
    dispatch(local);
  });
  // A crash (an uncaught error, as in Lambda) fails what was running; the next call starts a fresh environment.
  worker.on('error', (error) => discard(local, env, error));
  worker.on('exit', (code) => discard(local, env, new Error(`The function ${fn.id} exited (code ${code})`)));
  local.environments.add(env);
  return env;
};

const run = (local: LocalFunction, env: Environment, invocation: Invocation) => {
  const runtime = runtimeConfig();
  const { fn } = local;
  if (env.idleTimer) clearTimeout(env.idleTimer);
  env.idleTimer = null;
  const id = randomUUID();
  const name = functionName(fn, runtime);
  const context = {
    awsRequestId: id,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${name}`,
    memoryLimitInMB: String(fn.memoryMb),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    // Wall-clock time, the same in every thread: the worker's deadline and the kill timer below agree.
    handedAt: Date.now(),
    cold: !env.warm,
  };
  // Lambda stops an invocation at its timeout and discards the environment, whatever the code is
  // doing; a cold environment's init (its import) has a limit of its own, not counted in the timeout.
  const limitMs = fn.timeoutSeconds * 1000 + TIMEOUT_GRACE_MS + (env.warm ? 0 : INIT_LIMIT_MS);
  env.warm = true;
  const timer = setTimeout(() => discard(local, env, timedOut(fn)), limitMs);
  timer.unref();
  env.running = { id, invocation, startedAt: performance.now(), timer };
  env.worker.postMessage({ id, event: invocation.event, context });
};

/** Hands waiting invocations to idle environments, starting new ones up to the concurrency limit. */
const dispatch = (local: LocalFunction) => {
  void local.bundle.then(
    (bundle) => {
      while (local.queue.length > 0) {
        let env = [...local.environments].find((candidate) => candidate.running === null);
        if (!env) {
          if (local.environments.size >= limitOf(runtimeConfig())) return;
          env = startEnvironment(local, bundle);
        }
        run(local, env, local.queue.shift()!);
      }
      // Idle environments beyond the first are reclaimed after a while.
      const [first] = local.environments;
      for (const env of local.environments) {
        if (env === first || env.running || env.idleTimer) continue;
        env.idleTimer = setTimeout(() => {
          if (!env.running) discard(local, env, new Error('reclaimed'));
        }, IDLE_ENVIRONMENT_MS);
        env.idleTimer.unref();
      }
    },
    (error: unknown) => {
      // The bundle did not build: every waiting call fails with it, and the next call tries again.
      if (functions.get(local.fn.handler) === local) functions.delete(local.fn.handler);
      for (const invocation of local.queue.splice(0)) invocation.reject(error);
    },
  );
};

const localFunction = (handler: string): LocalFunction => {
  let local = functions.get(handler);
  if (local) return local;
  const fn = functionOfHandler(handler);
  bundleDir ??= mkdtempSync(path.join(tmpdir(), 'local-lambdas-'));
  const outdir = bundleDir;
  const bundle = bundleHandlers({ [`${fn.id}/index`]: fn.handler }, outdir).then(() => path.join(outdir, fn.id, 'index.mjs'));
  bundle.catch(() => undefined);
  local = { fn, bundle, environments: new Set(), queue: [] };
  functions.set(handler, local);
  return local;
};

/**
 * Invokes the function whose handler module this is. It runs in an execution environment of its
 * own (an idle one, or a new one up to the concurrency limit; beyond it, it waits for one), and
 * its timeout counts from when it starts there.
 */
export const invokeHandler = (handler: string, event: unknown): Promise<unknown> => {
  const local = localFunction(handler);
  return new Promise((resolve, reject) => {
    local.queue.push({ resolve, reject, event, queuedAt: performance.now() });
    dispatch(local);
  });
};

/** Stops every function's worker and removes the bundles (the local stack's shutdown). */
export const stopLambdaRuntime = async (): Promise<void> => {
  const running = [...functions.values()];
  functions.clear();
  const stopped = new Error('The local Lambda runtime stopped');
  await Promise.all(
    running.map(async (local) => {
      for (const invocation of local.queue.splice(0)) invocation.reject(stopped);
      const environments = [...local.environments];
      local.environments.clear();
      for (const env of environments) {
        if (env.idleTimer) clearTimeout(env.idleTimer);
        if (env.running) clearTimeout(env.running.timer);
        env.running?.invocation.reject(stopped);
      }
      await Promise.all(environments.map((env) => env.worker.terminate().catch(() => undefined)));
    }),
  );
  if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
  bundleDir = undefined;
};
