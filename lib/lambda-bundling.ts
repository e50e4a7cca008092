import type { BuildOptions } from 'esbuild';

/**
 * How every Lambda handler is bundled, defined once: the CDK NodejsFunction construct and
 * `npm run bench` use the same settings, so the sizes the bench prints are the deployed ones.
 * The AWS SDK v3 is bundled (not taken from the runtime) so esbuild tree-shakes it to the clients
 * and commands a handler really uses, and cold starts stay predictable.
 * CDK (lib/constructs/lambda-function.ts) also writes an external source map next to the bundle
 * (the code is the same but for its sourceMappingURL comment); the bench measures the code alone.
 */
export const LAMBDA_NODE_TARGET = 'node22';

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
} as const satisfies BuildOptions;
