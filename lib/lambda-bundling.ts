import path from 'node:path';
import { buildSync, type BuildOptions } from 'esbuild';

/**
 * How every Lambda handler is bundled, defined once: the CDK NodejsFunction construct and
 * `npm run bench` use the same settings, so the sizes the bench prints are the deployed ones.
 * The AWS SDK v3 is bundled (not taken from the runtime) so esbuild tree-shakes it to the clients
 * and commands a handler really uses, and cold starts stay predictable (`GET /me` with the SDK
 * left external and loaded from node_modules took twice as long to import as its bundle).
 * Its default credential chain is left out (see lambdaAliases): `npm run bench` prints each
 * function's size and what the largest is made of.
 * CDK (lib/constructs/lambda-function.ts) also writes an external source map next to the bundle
 * (the code is the same but for its sourceMappingURL comment); the bench measures the code alone.
 */
export const LAMBDA_NODE_TARGET = 'node22';

const LAMBDAS_ROOT = path.resolve(import.meta.dirname, '../lambdas');

/**
 * Packages a bundle replaces with a module of lib/: the AWS SDK's default credential chain by the
 * environment (and container endpoint) provider Lambda needs (lib/lambda-credentials.ts says why).
 */
export const lambdaAliases = {
  '@aws-sdk/credential-provider-node': path.resolve(import.meta.dirname, 'lambda-credentials.ts'),
} as const;

export const lambdaEsbuildOptions = {
  bundle: true,
  platform: 'node',
  target: LAMBDA_NODE_TARGET,
  format: 'esm',
  minify: true,
  sourcemap: false,
  mainFields: ['module', 'main'],
  // ESM bundles still meet CommonJS dependencies that call require() for Node built-ins.
  banner: { js: "import { createRequire as __createRequire } from 'module';const require = __createRequire(import.meta.url);" },
  legalComments: 'none',
  alias: lambdaAliases,
} as const satisfies BuildOptions;

/**
 * Bundles handler modules (`lambdas/<handler>.ts`) exactly as CDK bundles each for deployment:
 * these options, plus the external source map (no sources content) that CDK writes beside it.
 * `entries` maps an output name (`<name>.mjs` under `outdir`) to a handler; one esbuild run may
 * build several, each bundle self-contained (no code splitting), as separate runs would.
 * The local runtime runs these bundles and the cold-start test imports them.
 */
export const bundleHandlers = async (entries: Record<string, string>, outdir: string): Promise<void> => {
  const { build } = await import('esbuild');
  await build(handlerBuildOptions(entries, outdir));
};

const handlerBuildOptions = (entries: Record<string, string>, outdir: string): BuildOptions => ({
  ...lambdaEsbuildOptions,
  entryPoints: Object.fromEntries(Object.entries(entries).map(([name, handler]) => [name, path.join(LAMBDAS_ROOT, `${handler}.ts`)])),
  outdir,
  outExtension: { '.js': '.mjs' },
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'error',
});

/** The same, synchronously: CDK constructs are built synchronously (lib/constructs/lambda-function.ts). */
export const bundleHandlersSync = (entries: Record<string, string>, outdir: string): void => {
  buildSync(handlerBuildOptions(entries, outdir));
};
