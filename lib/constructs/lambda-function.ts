import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage, Duration } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_SECONDS, lambdaFunctions } from '../functions';
import { bundleHandlersSync } from '../lambda-bundling';
import { acknowledge } from '../nag';

/** Repository root: the base of every handler path. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const LAMBDAS_DIR = path.join(REPO_ROOT, 'lambdas');

export interface AppFunctionProps {
  readonly config: StageConfig;
  /** Module under `lambdas/` without extension, exporting `handler` (as in lambdas/operations). */
  readonly handler: string;
  readonly description?: string;
  readonly memoryMb?: number;
  readonly timeoutSeconds?: number;
}

/** The entry file of a handler module, checked to exist (synth fails early and clearly otherwise). */
export const handlerEntry = (handler: string): string => {
  const entry = path.join(LAMBDAS_DIR, `${handler}.ts`);
  if (!existsSync(entry)) throw new Error(`Handler module lambdas/${handler}.ts does not exist`);
  return entry;
};

/**
 * Every handler's bundle, built in one esbuild pass the first time a synth asks for one (lib/functions.ts
 * lists them all: routes, pipeline tasks, schedules, event functions), instead of one esbuild process
 * per function as NodejsFunction runs: the bundles are the same (lib/lambda-bundling.ts, each
 * self-contained), and a synth no longer grows by a process per route. A handler outside the list (a
 * test's) is bundled on its own when asked for.
 */
const bundles = new Map<string, string>();
const bundleDirOf = (handler: string): string => {
  if (!bundles.has(handler)) {
    const handlers = bundles.size === 0 ? [...new Set([...lambdaFunctions.map((fn) => fn.handler), handler])] : [handler];
    const outdir = mkdtempSync(path.join(tmpdir(), 'lambda-bundles-'));
    bundleHandlersSync(Object.fromEntries(handlers.map((h) => [`${h}/index`, h])), outdir);
    for (const h of handlers) bundles.set(h, path.join(outdir, h));
  }
  return bundles.get(handler)!;
};

/** A handler's code asset: its bundle and source map, copied from the one-pass build; hashed by that output. */
const handlerCode = (handler: string): Code =>
  Code.fromAsset(path.dirname(handlerEntry(handler)), {
    assetHashType: AssetHashType.OUTPUT,
    // Never Docker: the local bundler below always succeeds (CDK skips it when the synth skips bundling).
    bundling: {
      image: DockerImage.fromRegistry('scratch'),
      // Unused (the local bundler runs), but part of CDK's staging cache key: handlers of one folder stay apart.
      command: ['bundle', handler],
      local: {
        tryBundle(outputDir: string) {
          const dir = bundleDirOf(handler);
          for (const file of ['index.mjs', 'index.mjs.map']) copyFileSync(path.join(dir, file), path.join(outputDir, file));
          return true;
        },
      },
    },
  });

/**
 * A Lambda function carrying the project's defaults, so a route, pipeline task or schedule states
 * only what is particular to it:
 *
 * - Node.js 22 on arm64 (Graviton: cheaper per GB-second, and the bundles have no native code).
 * - Bundled by esbuild from node_modules (never Docker), all handlers in one pass (bundleDirOf), with
 *   the settings of lib/lambda-bundling.ts that `npm run bench` measures and the local stack runs:
 *   ESM (middy 6 is ESM-only), minified, target node22, plus a `createRequire` banner for the CommonJS
 *   dependencies that require() Node built-ins.
 * - The AWS SDK v3 is bundled instead of taken from the runtime, so esbuild tree-shakes it down to the
 *   clients and commands a handler imports (smaller than loading the runtime's full SDK from disk),
 *   and the deployed SDK version is the one the tests ran against.
 * - Source maps (external .map, no sources content) with NODE_OPTIONS=--enable-source-maps, so
 *   stack traces in the logs point at the TypeScript.
 * - Its own log group with a retention (no never-expiring /aws/lambda groups), and its own role
 *   that may write only to that log group, instead of the AWSLambdaBasicExecutionRole managed policy
 *   (which allows writing to every log group in the account).
 */
export class AppFunction extends LambdaFunction {
  readonly handlerModule: string;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    const { config } = props;
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: config.logRetention, removalPolicy: config.removalPolicy });
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs lambdas/${props.handler}`,
    });

    super(scope, id, {
      code: handlerCode(props.handler),
      handler: 'index.handler',
      description: props.description ?? `lambdas/${props.handler}`,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memoryMb ?? DEFAULT_MEMORY_MB,
      timeout: Duration.seconds(props.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS),
      role,
      logGroup,
      environment: {
        STAGE: config.stage,
        NODE_OPTIONS: '--enable-source-maps',
      },
    });
    this.handlerModule = props.handler;
    logGroup.grantWrite(role);

    acknowledge(
      this,
      'AwsSolutions-L1',
      'Node.js 22 is deliberate: the bundles target node22 (lib/lambda-bundling.ts) and it is the Lambda runtime the handlers are tested on. Moving to a newer runtime is a tested change, not a lint fix.',
    );
  }
}
