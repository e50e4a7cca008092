import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, routeEntries, routeKey, routes, type OperationId } from '../../lambdas/operations/index';
import { effectiveGrants, functionEnvironment, grantEnvironmentNames, lambdaFunctions } from '../../lib/functions';
import { actionsOf, allTemplates, statementsOf, synthTestStage, type Resource, type Statement, type TestStage } from './synth';

/** The api stack's route functions (in their chunks' nested stacks) and the HTTP API. */
describe('the api stack (stage "test"): routes', () => {
  let synth: TestStage['synth'];
  let data: TestStage['data'];
  let api: TestStage['api'];
  let routeTemplates: TestStage['routeTemplates'];

  beforeAll(() => {
    ({ synth, data, api, routeTemplates } = synthTestStage());
  });

  describe('route functions', () => {
    it('creates one Node.js 22 arm64 function per route, with its memory and timeout', () => {
      const total = [...new Set(routeTemplates.values())].reduce(
        (sum, template) => sum + Object.values(template.findResources('AWS::Lambda::Function') as Record<string, Resource>).length,
        0,
      );
      expect(total).toBe(routeEntries.length);
      for (const [operationId, route] of routeEntries) {
        routeTemplates.get(operationId)!.hasResourceProperties('AWS::Lambda::Function', {
          Description: `${routeKey(route)} (${operationId})`,
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
          Handler: 'index.handler',
          MemorySize: route.memoryMb ?? 256,
          Timeout: route.timeoutSeconds ?? 10,
          LoggingConfig: { LogGroup: Match.anyValue() },
        });
      }
    });

    it('sets exactly the environment variables the route grants imply', () => {
      for (const [operationId, route] of routeEntries) {
        const [fn] = Object.values(
          routeTemplates
            .get(operationId)!
            .findResources('AWS::Lambda::Function', { Properties: { Description: `${routeKey(route)} (${operationId})` } }) as Record<
            string,
            Resource
          >,
        );
        const expected = new Set([
          'STAGE',
          'NODE_OPTIONS',
          ...effectiveGrants(route.grants, route.auth).flatMap((grant) => grantEnvironmentNames(grant)),
        ]);
        expect(Object.keys(fn!.Properties.Environment.Variables).sort(), operationId).toEqual([...expected].sort());
        expect(fn!.Properties.Environment.Variables).toMatchObject({ STAGE: 'test', NODE_OPTIONS: '--enable-source-maps' });
      }
    });

    it('gives every function, pipeline tasks and schedules included, exactly the environment lib/functions.ts defines (what the local runtime gives it too)', () => {
      const deployed = new Map(
        allTemplates(synth.app).flatMap(({ template }) =>
          Object.values(template.findResources('AWS::Lambda::Function') as Record<string, Resource>).map(
            (fn) => [fn.Properties.Description as string, Object.keys(fn.Properties.Environment?.Variables ?? {}).sort()] as const,
          ),
        ),
      );
      for (const fn of lambdaFunctions) {
        const expected = Object.keys(
          functionEnvironment(fn, 'test', {
            TABLE_NAME: 't',
            MEDIA_BUCKET: 'b',
            MAIL_FROM: 'm',
            MAIL_CONFIGURATION_SET: 'c',
            APP_ORIGIN: 'o',
            STATE_MACHINE_ARN: 's',
            ANSWER_PACKAGE_STATE_MACHINE_ARN: 'a',
            STRIPE_API_KEY_SECRET_ID: 'k',
            STRIPE_WEBHOOK_SECRET_ID: 'w',
            INTEGRATIONS_KEY_ID: 'i',
            LEVER_OAUTH_CLIENT_SECRET_ID: 'l',
            COMEET_PARTNER_SECRET_ID: 'c',
            IVS_STORAGE_CONFIGURATION_ARN: 'i',
            LIVE_RECORDINGS_BUCKET: 'l',
            EVENT_BUS_NAME: 'e',
            WEBHOOK_DELIVERIES_QUEUE_URL: 'q',
            WEBHOOK_ALLOWED_ORIGINS: '',
            WEBHOOK_RETRY_SCALE: '1',
            SUMMARY_MODEL_ID: 'amazon.nova-micro-v1:0',
            SUMMARY_MONTHLY_TOKEN_BUDGET: '2000000',
            SSO_SECRET_PREFIX: 'test/sso/',
            SSO_ALLOWED_ORIGINS: '',
            DNS_RESOLVER: '',
          }),
        );
        expect(deployed.get(fn.description), fn.id).toEqual(expected.sort());
      }
      // Mails carry links: the reminder job gets the site's origin like every other mailing function.
      expect(deployed.get(lambdaFunctions.find((fn) => fn.id === 'sendPlannedMessages')!.description)).toContain('APP_ORIGIN');
    });

    it('lets authenticated routes write the table', () => {
      for (const [operationId] of routeEntries.filter(([, r]) => r.auth !== 'public')) {
        const actions = statementsOf(routeTemplates.get(operationId)!).flatMap(actionsOf);
        expect(actions, operationId).toEqual(expect.arrayContaining(['dynamodb:UpdateItem', 'dynamodb:PutItem', 'dynamodb:Query']));
      }
    });

    it('gives the health check describe-only access to the table, bucket, SES account and state machine', () => {
      const health = routeTemplates.get('getHealth')!;
      const actions = statementsOf(health).flatMap(actionsOf);
      expect(actions).toEqual(expect.arrayContaining(['dynamodb:DescribeTable', 's3:ListBucket', 'ses:GetAccount', 'states:DescribeStateMachine']));
      expect(actions.filter((action) => /^(dynamodb|s3|states):/.test(action)).sort()).toEqual([
        'dynamodb:DescribeTable',
        's3:ListBucket',
        'states:DescribeStateMachine',
      ]);
    });

    it("answers the candidate's last submission without mailing: it publishes the completion, whose function mails the team", () => {
      const chunk = routeTemplates.get('submitAnswer')!;
      const fn = Object.values(chunk.findResources('AWS::Lambda::Function') as Record<string, Resource>).find((f) =>
        String(f.Properties.Description).endsWith('(submitAnswer)'),
      )!;
      const role = fn.Properties.Role['Fn::GetAtt'][0];
      const submit = Object.values(chunk.findResources('AWS::IAM::Policy') as Record<string, Resource>)
        .filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === role))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[])
        .flatMap(actionsOf);
      expect(submit).toContain('events:PutEvents');
      expect(submit.filter((action) => action.startsWith('ses:'))).toEqual([]);
      const rule = Object.values(
        Object.assign({}, ...allTemplates(synth.app).map(({ template }) => template.findResources('AWS::Events::Rule'))) as Record<string, Resource>,
      ).find((r) => JSON.stringify(r.Properties.EventPattern).includes('Interview completed'));
      expect(rule?.Properties.EventPattern).toEqual({ source: ['video-interviews'], 'detail-type': ['Interview completed'] });
      expect(rule?.Properties.Targets[0]).toMatchObject({ RetryPolicy: { MaximumRetryAttempts: 8 }, DeadLetterConfig: { Arn: expect.anything() } });
    });

    it('lets mail-sending routes send from the configured identity, with the site origin as a plain variable (no SSM)', () => {
      const mailRoutes = routeEntries.filter(([, route]) => (route.grants as readonly string[]).includes('mail:send'));
      expect(mailRoutes.length).toBeGreaterThan(0);
      for (const [operationId] of mailRoutes) {
        const statements = statementsOf(routeTemplates.get(operationId)!);
        expect(statements.flatMap(actionsOf), operationId).toEqual(expect.arrayContaining(['ses:SendEmail', 'ses:SendRawEmail']));
        expect(
          statements.flatMap(actionsOf).filter((action) => action.startsWith('ssm:')),
          operationId,
        ).toEqual([]);
        expect(JSON.stringify(statements)).toContain(':identity/example.com');
      }
    });

    it("lets each function read only the secrets its grants name: Stripe for billing, the vendors' for ATS integrations, single sign-on's for SSO", () => {
      expect(
        Object.values(data.findResources('AWS::SecretsManager::Secret') as Record<string, Resource>)
          .map((r) => r.Properties.Name)
          .sort(),
      ).toEqual(['test/comeet/partner-secret', 'test/lever/oauth-client', 'test/stripe/secret-key', 'test/stripe/webhook-signing-secret']);
      const secretOf = (resource: unknown) => {
        const text = JSON.stringify(resource);
        return text.includes('webhook-signing-secret')
          ? 'Stripe webhook secret'
          : text.includes('stripe/secret-key')
            ? 'Stripe API key'
            : text.includes('lever/oauth-client')
              ? 'Lever OAuth client'
              : text.includes('comeet/partner-secret')
                ? 'Comeet partner secret'
                : text.includes(':secret:test/sso/*')
                  ? 'SSO client secrets'
                  : `unknown: ${text}`;
      };
      // Reading is GetSecretValue; any other action is named with the secret (only single sign-on's set-up creates and deletes).
      const labelsOf = (statement: Statement) =>
        actionsOf(statement).flatMap((action) =>
          [statement.Resource].flat().map((resource) => {
            const secret = secretOf(resource);
            return action === 'secretsmanager:GetSecretValue' ? secret : `${secret}: ${action.replace('secretsmanager:', '')}`;
          }),
        );
      const readers: Record<string, string[]> = {};
      for (const { template } of allTemplates(synth.app)) {
        const functions = Object.values(template.findResources('AWS::Lambda::Function') as Record<string, Resource>);
        for (const policy of Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)) {
          const statements = (policy.Properties.PolicyDocument.Statement as Statement[]).filter((statement) =>
            actionsOf(statement).some((action) => action.startsWith('secretsmanager:')),
          );
          if (statements.length === 0) continue;
          const roles = (policy.Properties.Roles as { Ref: string }[]).map((role) => role.Ref);
          const fn = functions.find((f) => roles.includes(f.Properties.Role?.['Fn::GetAtt']?.[0]))!;
          // CDK merges statements with the same action: one statement may name several secrets.
          readers[fn.Properties.Description] = [...new Set(statements.flatMap(labelsOf))].sort();
        }
      }
      const expected = Object.fromEntries(
        lambdaFunctions.flatMap((fn) => {
          const secrets = [
            ...(fn.grants.includes('billing:api') ? ['Stripe API key'] : []),
            ...(fn.grants.includes('billing:webhook') ? ['Stripe webhook secret'] : []),
            ...(fn.grants.includes('ats:api') ? ['Comeet partner secret', 'Lever OAuth client'] : []),
            ...(fn.grants.includes('sso:configure')
              ? ['SSO client secrets: CreateSecret', 'SSO client secrets: DeleteSecret', 'SSO client secrets: TagResource']
              : []),
            ...(fn.grants.includes('sso:sign-in') ? ['SSO client secrets'] : []),
          ].sort();
          return secrets.length ? [[fn.description, secrets]] : [];
        }),
      );
      expect(readers).toEqual(expected);
      const description = (id: OperationId) => `${routeKey(routes[id])} (${id})`;
      expect(readers[description('handleStripeWebhook')]).toEqual(['Stripe API key', 'Stripe webhook secret']);
      expect(readers[description('createIntegration')]).toEqual(['Comeet partner secret', 'Lever OAuth client']);
      expect(readers[description('listIntegrations')]).toBeUndefined();
      // Some route creates and deletes the SSO secrets, some reads them, and none does anything else with them.
      expect(Object.values(readers).flat()).toEqual(expect.arrayContaining(['SSO client secrets', 'SSO client secrets: CreateSecret']));
    });

    it('lets only the functions granted ats:api seal and open with the integrations key, which rotates', () => {
      expect(Object.values(data.findResources('AWS::KMS::Key') as Record<string, Resource>).map((k) => k.Properties.EnableKeyRotation)).toEqual([
        true,
      ]);
      expect(Object.values(data.findResources('AWS::KMS::Alias') as Record<string, Resource>).map((a) => a.Properties.AliasName)).toEqual([
        'alias/test-integrations',
      ]);
      const users = new Set<string>();
      for (const { template } of allTemplates(synth.app)) {
        const functions = Object.values(template.findResources('AWS::Lambda::Function') as Record<string, Resource>);
        for (const policy of Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)) {
          // The webhook signing secrets' statements (one action each, only under their own encryption context) are
          // test/infra/webhooks.test.ts's.
          const statements = (policy.Properties.PolicyDocument.Statement as Statement[]).filter(
            (statement) =>
              actionsOf(statement).some((action) => action.startsWith('kms:')) &&
              !JSON.stringify(statement.Condition ?? {}).includes('kms:EncryptionContext:purpose'),
          );
          if (statements.length === 0) continue;
          for (const statement of statements) {
            expect(actionsOf(statement).sort()).toEqual(['kms:Decrypt', 'kms:Encrypt']);
            expect(JSON.stringify(statement)).toContain('"kms:ResourceAliases":"alias/test-integrations"');
          }
          const roles = (policy.Properties.Roles as { Ref: string }[]).map((role) => role.Ref);
          const fn = functions.find((f) => roles.includes(f.Properties.Role?.['Fn::GetAtt']?.[0]));
          if (fn) users.add(fn.Properties.Description);
        }
      }
      expect([...users].sort()).toEqual(
        lambdaFunctions
          .filter((fn) => fn.grants.includes('ats:api'))
          .map((fn) => fn.description)
          .sort(),
      );
    });

    it('never grants Scan, table management or service-wide wildcards to any function', () => {
      for (const { path, template } of allTemplates(synth.app)) {
        for (const action of statementsOf(template).flatMap(actionsOf)) {
          expect(action, path).not.toMatch(/^dynamodb:(Scan|\*|CreateTable|DeleteTable|UpdateTable)$|^[a-z0-9-]+:\*$/);
        }
      }
    });
  });

  describe('HTTP API', () => {
    it('has a route for every route key, each integrated with its own function', () => {
      const routes = [...new Set(routeTemplates.values())].flatMap((template) =>
        Object.values(template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>),
      );
      expect(routes.map((route) => route.Properties.RouteKey).sort()).toEqual(routeEntries.map(([, route]) => routeKey(route)).sort());
      for (const [operationId, route] of routeEntries) {
        const template = routeTemplates.get(operationId)!;
        template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
          RouteKey: routeKey(route),
          AuthorizationType: 'NONE',
          Target: Match.anyValue(),
        });
      }
      expect(routeEntries.every(([, route]) => routeKey(route).includes(` ${API_PREFIX}/`))).toBe(true);
    });

    it('deploys the $default stage automatically with throttling and JSON access logs', () => {
      api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        DefaultRouteSettings: { ThrottlingRateLimit: synth.config.apiThrottle.rateLimit, ThrottlingBurstLimit: synth.config.apiThrottle.burstLimit },
        AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('"requestId":"\\$context.requestId"') },
      });
      // The API itself is the web stack's, created before CloudFront (lib/app.ts).
      Template.fromStack(synth.web).hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP', Name: 'test-interviews' });
      api.resourceCountIs('AWS::ApiGatewayV2::Api', 0);
    });
  });
});
