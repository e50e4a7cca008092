import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../lambdas/routes';
import { stageConfigFromContext } from '../../lib/config';
import { AppFunction } from '../../lib/constructs/lambda-function';

/**
 * One real bundle, built the way `cdk synth` builds every function: esbuild from node_modules
 * (forceDockerBundling is off and there is no Docker here, so a fallback to Docker would fail this).
 */
describe('AppFunction bundling (the health handler, esbuild run locally)', () => {
  let bundleDir: string;
  let template: Template;

  beforeAll(() => {
    const outdir = mkdtempSync(path.join(tmpdir(), 'cdk-bundle-'));
    const app = new App({ outdir });
    const stack = new Stack(app, 'Bundle');
    new AppFunction(stack, 'Health', { config: stageConfigFromContext(() => undefined), handler: routes.getHealth.handler });
    app.synth();
    template = Template.fromStack(stack);
    const assetDirs = readdirSync(outdir).filter((name) => name.startsWith('asset.') && existsSync(path.join(outdir, name, 'index.mjs')));
    expect(assetDirs).toHaveLength(1);
    bundleDir = path.join(outdir, assetDirs[0]!);
  });

  it('emits one minified ESM file with an external source map', () => {
    expect(readdirSync(bundleDir).sort()).toEqual(['index.mjs', 'index.mjs.map']);
    const code = readFileSync(path.join(bundleDir, 'index.mjs'), 'utf8');
    expect(code.startsWith("import { createRequire as __createRequire } from 'module';const require = __createRequire(import.meta.url);")).toBe(true);
    expect(code).toMatch(/sourceMappingURL=index\.mjs\.map/);
    const map = JSON.parse(readFileSync(path.join(bundleDir, 'index.mjs.map'), 'utf8')) as { sourcesContent?: unknown };
    expect(map.sourcesContent).toBeUndefined();
  });

  it('bundles the AWS SDK instead of importing it from the runtime', () => {
    const code = readFileSync(path.join(bundleDir, 'index.mjs'), 'utf8');
    expect(code).not.toMatch(/from\s*["']@aws-sdk\//);
    // (The only require of an @aws-sdk package left is the SDK's own optional, guarded CRT signer probe.)
    expect(code).not.toMatch(/require\(["']@aws-sdk\/(client|lib)-/);
    expect(code).toContain('DescribeTable');
  });

  it('loads on Node and exports the handler', () => {
    const script = `const m = await import(${JSON.stringify(path.join(bundleDir, 'index.mjs'))}); process.stdout.write(typeof m.handler);`;
    const result = spawnSync(process.execPath, ['--enable-source-maps', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        STAGE: 'bundle',
        TABLE_NAME: 't',
        MEDIA_BUCKET: 'b',
        STATE_MACHINE_ARN: 'arn:aws:states:us-east-1:000000000000:stateMachine:m',
        AWS_REGION: 'us-east-1',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        LOG_LEVEL: 'silent',
      },
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('function');
  });

  it('points the function at the bundle with the defaults', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Handler: 'index.handler',
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      MemorySize: 256,
      Timeout: 10,
      Environment: { Variables: { STAGE: 'dev', NODE_OPTIONS: '--enable-source-maps' } },
    });
    // Its own role may write only to its own log group (no AWSLambdaBasicExecutionRole).
    template.hasResourceProperties('AWS::IAM::Role', { ManagedPolicyArns: Match.absent() });
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 14 });
  });
});
