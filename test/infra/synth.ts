/**
 * Synthesizes the CDK app for the infra tests, the way bin/app.ts builds it, without esbuild:
 * `aws:cdk:bundling-stacks: []` skips bundling (every handler entry must still exist), which keeps a
 * full synth at a few seconds. test/infra/bundling.test.ts bundles a real handler separately.
 * cdk-nag is registered exactly as in bin/app.ts, so a finding fails the synth itself.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, NestedStack, Stack, type Environment } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { buildInterviewsApp, FEATURE_FLAGS, type InterviewsAppOptions } from '../../lib/app';
import { stageConfigFromContext, type StageConfig } from '../../lib/config';
import { addNagChecks } from '../../lib/nag';

export const SKIP_BUNDLING = { 'aws:cdk:bundling-stacks': [] };

/** A stand-in for web/dist: index.html plus a hashed asset, so the SPA deployment is synthesized. */
export const fakeSpaDist = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'spa-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("spa")');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
};

export interface SynthOptions extends InterviewsAppOptions {
  readonly context?: Record<string, unknown>;
}

export const synthApp = (options: SynthOptions = {}) => {
  const context = { stage: 'test', ...options.context };
  const app = new App({ context: { ...FEATURE_FLAGS, ...SKIP_BUNDLING, ...context }, outdir: mkdtempSync(path.join(tmpdir(), 'cdk-out-')) });
  const config: StageConfig = stageConfigFromContext((key) => app.node.tryGetContext(key));
  const stacks = buildInterviewsApp(app, config, options);
  // As in bin/app.ts: synthesis fails on any unacknowledged cdk-nag finding.
  addNagChecks(app);
  const assembly = app.synth();
  return { app, config, assembly, ...stacks };
};

/** Every stack of the app, nested ones included, with its template. */
export const allTemplates = (app: App): { stack: Stack; path: string; template: Template }[] =>
  app.node
    .findAll()
    .filter((construct): construct is Stack => Stack.isStack(construct))
    .map((stack) => ({ stack, path: stack.node.path, template: Template.fromStack(stack) }));

export const nestedStacksOf = (stack: Stack): NestedStack[] =>
  stack.node.findAll().filter((construct): construct is NestedStack => NestedStack.isNestedStack(construct));

/** cdk-nag's AwsSolutions pack over the synthesized app: every unacknowledged finding, errors and warnings. */
export const nagViolations = (scope: IConstruct): string[] =>
  new AwsSolutionsChecks(undefined, { verbose: false })
    .validateScope(scope)
    .violations.flatMap((violation) =>
      violation.violatingResources.map((resource) => `${violation.severity} ${violation.ruleName} at ${resource.constructPath}`),
    );

export const TEST_ENV: Environment = { account: '123456789012', region: 'eu-west-1' };

/** A resource of a template, and a statement of an IAM policy. */
export type Resource = { Type: string; Properties: Record<string, any> };
export type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

/** Every statement of every IAM policy of a template. */
export const statementsOf = (template: Template): Statement[] =>
  Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>).flatMap(
    (policy) => policy.Properties.PolicyDocument.Statement,
  );
export const actionsOf = (statement: Statement): string[] => [statement.Action].flat();

/**
 * The app at stage "test" with an SPA build, as the app-*.test.ts files read it: the three stacks'
 * templates, and the template of each route's chunk (a nested stack) by operation id.
 */
export const synthTestStage = () => {
  const synth = synthApp({ spaDistPath: fakeSpaDist() });
  return {
    synth,
    data: Template.fromStack(synth.data),
    api: Template.fromStack(synth.api),
    web: Template.fromStack(synth.web),
    routeTemplates: new Map(
      synth.api.api.chunkStacks.flatMap((chunk) => {
        const template = Template.fromStack(chunk);
        return [...chunk.functions.keys()].map((operationId) => [operationId, template] as const);
      }),
    ),
  };
};
export type TestStage = ReturnType<typeof synthTestStage>;
