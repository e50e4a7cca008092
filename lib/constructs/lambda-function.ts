import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_SECONDS } from '../functions';
import { LAMBDA_NODE_TARGET, lambdaEsbuildArgs, lambdaEsbuildOptions } from '../lambda-bundling';
import { acknowledge } from '../nag';

/** Repository root: NodejsFunction's projectRoot and the base of every handler path. */
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
 * A NodejsFunction carrying the project's defaults, so a route, pipeline task or schedule states
 * only what is particular to it:
 *
 * - Node.js 22 on arm64 (Graviton: cheaper per GB-second, and the bundles have no native code).
 * - esbuild runs locally from node_modules (never Docker), with the settings of lib/lambda-bundling.ts
 *   that `npm run bench` measures: ESM (middy 6 is ESM-only), minified, target node22, plus a
 *   `createRequire` banner for the CommonJS dependencies that require() Node built-ins.
 * - `externalModules: []`: the AWS SDK v3 is bundled instead of taken from the runtime, so esbuild
 *   tree-shakes it down to the clients and commands a handler imports (smaller than loading the
 *   runtime's full SDK from disk), and the deployed SDK version is the one the tests ran against.
 * - Source maps (external .map, no sources content) with NODE_OPTIONS=--enable-source-maps, so
 *   stack traces in the logs point at the TypeScript.
 * - Its own log group with a retention (no never-expiring /aws/lambda groups), and its own role
 *   that may write only to that log group, instead of the AWSLambdaBasicExecutionRole managed policy
 *   (which allows writing to every log group in the account).
 */
export class AppFunction extends NodejsFunction {
  readonly handlerModule: string;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    const { config } = props;
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: config.logRetention, removalPolicy: config.removalPolicy });
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs lambdas/${props.handler}`,
    });

    super(scope, id, {
      entry: handlerEntry(props.handler),
      handler: 'handler',
      description: props.description ?? `lambdas/${props.handler}`,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memoryMb ?? DEFAULT_MEMORY_MB,
      timeout: Duration.seconds(props.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS),
      role,
      logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      environment: {
        STAGE: config.stage,
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        format: OutputFormat.ESM,
        target: LAMBDA_NODE_TARGET,
        minify: lambdaEsbuildOptions.minify,
        mainFields: [...lambdaEsbuildOptions.mainFields],
        banner: lambdaEsbuildOptions.banner.js,
        sourceMap: true,
        sourceMapMode: SourceMapMode.DEFAULT,
        sourcesContent: false,
        externalModules: [],
        forceDockerBundling: false,
        logLevel: LogLevel.WARNING,
        esbuildArgs: lambdaEsbuildArgs,
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
