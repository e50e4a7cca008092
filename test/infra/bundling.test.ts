import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../lambdas/operations/index';
import { stageConfigFromContext } from '../../lib/config';
import { AppFunction } from '../../lib/constructs/lambda-function';
import { lambdaEsbuildOptions } from '../../lib/lambda-bundling';

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

  it("replaces the SDK's default credential chain with Lambda's environment credentials (lib/lambda-credentials.ts)", () => {
    const code = readFileSync(path.join(bundleDir, 'index.mjs'), 'utf8');
    expect(code.includes('a Lambda bundle reads them from AWS_ACCESS_KEY_ID')).toBe(true);
    // The default chain itself, and its links: SSO (and its OIDC client), INI profiles with credential_process, web identity through STS.
    const links = ['defaultProvider::fromEnv', 'fromSSO', 'sso-oidc', 'credential_process', 'AssumeRoleWithWebIdentity'];
    expect(links.filter((link) => code.includes(link))).toEqual([]);
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

/**
 * An SDK client in a bundle built with the deployed settings, run in a fresh Node process against
 * a local stand-in for DynamoDB and for a container credentials endpoint: which credentials sign
 * its requests, how often they are fetched, and what it says when there are none.
 */
describe('the credentials of a bundled SDK client', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bundle-credentials-'));
  const bundle = path.join(dir, 'probe.mjs');
  let server: Server;
  let endpoint: string;
  let dynamodbRequests: IncomingHttpHeaders[] = [];
  let credentialRequests: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    await build({
      ...lambdaEsbuildOptions,
      stdin: {
        contents: [
          "import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';",
          'const client = new DynamoDBClient({});',
          'export const handler = async () => { for (let i = 0; i < 2; i++) await client.send(new ListTablesCommand({})); return "ok"; };',
        ].join('\n'),
        resolveDir: path.resolve(import.meta.dirname, '../..'),
        loader: 'ts',
      },
      outfile: bundle,
      logLevel: 'error',
    });
    server = createServer((req, res) => {
      if (req.url === '/credentials') {
        credentialRequests.push(req.headers);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            AccessKeyId: 'AKIDFROMCONTAINER',
            SecretAccessKey: 'container-secret',
            Token: 'container-token',
            Expiration: new Date(Date.now() + 3_600_000).toISOString(),
          }),
        );
        return;
      }
      dynamodbRequests.push(req.headers);
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
        res.end('{"TableNames":[]}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  /** Imports the bundle in a new process with `env` (and nothing of this one's), calls its handler, and reports. */
  const invoke = async (env: Record<string, string>) => {
    dynamodbRequests = [];
    credentialRequests = [];
    const script = `const { handler } = await import(${JSON.stringify(pathToFileURL(bundle).href)}); try { process.stdout.write(await handler()); } catch (error) { process.stdout.write('error: ' + error.message); }`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        AWS_REGION: 'us-east-1',
        AWS_ENDPOINT_URL_DYNAMODB: endpoint,
        AWS_EC2_METADATA_DISABLED: 'true',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        ...env,
      },
    });
    return stdout;
  };

  it('signs with the credentials Lambda puts in the environment', async () => {
    const result = await invoke({ AWS_ACCESS_KEY_ID: 'AKIDFROMENV', AWS_SECRET_ACCESS_KEY: 'env-secret', AWS_SESSION_TOKEN: 'env-token' });
    expect(result).toBe('ok');
    expect(dynamodbRequests).toHaveLength(2);
    for (const headers of dynamodbRequests) {
      expect(headers.authorization).toMatch(/Credential=AKIDFROMENV\//);
      expect(headers['x-amz-security-token']).toBe('env-token');
    }
    expect(credentialRequests).toHaveLength(0);
  });

  it('without them, fetches container credentials once and signs with them', async () => {
    const result = await invoke({
      AWS_CONTAINER_CREDENTIALS_FULL_URI: `${endpoint}/credentials`,
      AWS_CONTAINER_AUTHORIZATION_TOKEN: 'endpoint-token',
    });
    expect(result).toBe('ok');
    expect(credentialRequests).toHaveLength(1);
    expect(credentialRequests[0]!.authorization).toBe('endpoint-token');
    expect(dynamodbRequests).toHaveLength(2);
    for (const headers of dynamodbRequests) {
      expect(headers.authorization).toMatch(/Credential=AKIDFROMCONTAINER\//);
      expect(headers['x-amz-security-token']).toBe('container-token');
    }
  });

  it('with neither, fails before any request and says where credentials come from', async () => {
    const result = await invoke({});
    expect(result).toContain('error: No AWS credentials: a Lambda bundle reads them from AWS_ACCESS_KEY_ID');
    expect(dynamodbRequests).toHaveLength(0);
  });
});
