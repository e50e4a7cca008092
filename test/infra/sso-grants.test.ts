import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import type { Grant } from '../../lambdas/operations/index';
import { stageConfigFromContext } from '../../lib/config';
import { bindGrants } from '../../lib/constructs/grants';
import { dataResourceRefs } from '../../lib/constructs/data';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { actionsOf, nagViolations, statementsOf, TEST_ENV, type Resource } from './synth';

/**
 * The single sign-on grants (issue 42) on a lone function: the environment each sets, and Secrets Manager
 * actions only on the stage's `<stage>/sso/*` secrets, acknowledged for cdk-nag (the synth runs it).
 */
const synthWith = (grants: Grant[], extra?: (fn: LambdaFunction) => void) => {
  const app = new App({ context: { stage: 'test' } });
  const stack = new Stack(app, 'Probe', { env: TEST_ENV });
  const config = stageConfigFromContext((key) => app.node.tryGetContext(key));
  const fn = new LambdaFunction(stack, 'Fn', {
    runtime: Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: Code.fromInline('exports.handler=async()=>{}'),
  });
  bindGrants(fn, grants, { config, data: dataResourceRefs(stack, 'test'), appOrigin: 'https://app.example.com' });
  extra?.(fn);
  const template = Template.fromStack(stack);
  const variables = Object.values(template.findResources('AWS::Lambda::Function') as Record<string, Resource>)[0]!.Properties.Environment
    .Variables as Record<string, unknown>;
  // The probe's own findings (its basic execution role, its runtime) are not the grants'.
  const findings = nagViolations(app).filter((finding) => finding.includes('IAM5'));
  return { findings, variables, statements: statementsOf(template) };
};

const ssoSecretsArn = { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':secretsmanager:eu-west-1:123456789012:secret:test/sso/*']] };

describe('single sign-on grants (issue 42)', () => {
  it('sso:configure creates, tags and deletes only the stage’s sso secrets, with the prefix and no exempt origin', () => {
    const { findings, variables, statements } = synthWith(['sso:configure']);
    expect(variables).toEqual({ SSO_SECRET_PREFIX: 'test/sso/', SSO_ALLOWED_ORIGINS: '' });
    const secretStatements = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('secretsmanager:')));
    expect(secretStatements).toHaveLength(1);
    expect(actionsOf(secretStatements[0]!).sort()).toEqual([
      'secretsmanager:CreateSecret',
      'secretsmanager:DeleteSecret',
      'secretsmanager:TagResource',
    ]);
    expect(secretStatements[0]!.Resource).toEqual(ssoSecretsArn);
    expect(findings).toEqual([]);
  });

  it('sso:sign-in only reads those secrets', () => {
    const { findings, variables, statements } = synthWith(['sso:sign-in']);
    expect(variables).toEqual({ SSO_SECRET_PREFIX: 'test/sso/', SSO_ALLOWED_ORIGINS: '' });
    expect(statements.flatMap(actionsOf)).toEqual(['secretsmanager:GetSecretValue']);
    expect(statements[0]!.Resource).toEqual(ssoSecretsArn);
    expect(findings).toEqual([]);
  });

  it('dns:resolve sets the resolver variable (empty in AWS) and allows nothing', () => {
    const { variables, statements } = synthWith(['dns:resolve']);
    expect(variables).toEqual({ DNS_RESOLVER: '' });
    expect(statements).toEqual([]);
  });

  it('reports an unacknowledged wildcard (the empty findings above are not vacuous)', () => {
    const { findings } = synthWith(['sso:sign-in'], (fn) =>
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: ['arn:aws:secretsmanager:eu-west-1:123456789012:secret:other/*'],
        }),
      ),
    );
    expect(findings).toEqual([
      expect.stringMatching(
        /AwsSolutions-IAM5\[Resource::arn:aws:secretsmanager:eu-west-1:123456789012:secret:other\/\*\] at Probe\/Fn\/ServiceRole/,
      ),
    ]);
  });
});
