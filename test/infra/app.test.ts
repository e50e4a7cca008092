import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaPipelineDefinition, mediaPipelineStateMachineName } from '../../lambdas/pipeline/media-pipeline.asl';
import {
  ANSWER_PACKAGE_EXECUTION_TIMEOUT_SECONDS,
  answerPackageDefinition,
  answerPackageStateMachineName,
  answerPackageTasks,
} from '../../lambdas/pipeline/answer-package.asl';
import { pipelineResourceSubstitutions, pipelineTasks } from '../../lambdas/pipeline/tasks';
import { API_PREFIX, routeEntries, routeKey, routes, type OperationId } from '../../lambdas/operations/index';
import { tableDefinition } from '../../lambdas/data/table-definition';
import { uploadCorsRule } from '../../lambdas/adapters/storage-layout';
import { effectiveGrants, functionEnvironment, grantEnvironmentNames, lambdaFunctions } from '../../lib/functions';
import { taskResources } from '../../lib/constructs/media-pipeline';
import { securityHeaders } from '../../lib/security-headers';
import { allTemplates, fakeSpaDist, nagViolations, synthApp } from './synth';

// CloudFront managed policies (fixed ids across all accounts).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

type Resource = { Type: string; Properties: Record<string, any> };
type Statement = { Effect: string; Action: string | string[]; Resource: unknown };

const statementsOf = (template: Template): Statement[] =>
  Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>).flatMap(
    (policy) => policy.Properties.PolicyDocument.Statement,
  );
const actionsOf = (statement: Statement): string[] => [statement.Action].flat();

describe('the CDK app (stage "test", SPA built)', () => {
  let synth: ReturnType<typeof synthApp>;
  let data: Template;
  let api: Template;
  let web: Template;
  /** Route chunk nested stacks by operation id. */
  let routeTemplates: Map<string, Template>;

  beforeAll(() => {
    synth = synthApp({ spaDistPath: fakeSpaDist() });
    data = Template.fromStack(synth.data);
    api = Template.fromStack(synth.api);
    web = Template.fromStack(synth.web);
    routeTemplates = new Map(
      synth.api.api.chunkStacks.flatMap((chunk) => {
        const template = Template.fromStack(chunk);
        return [...chunk.functions.keys()].map((operationId) => [operationId, template] as const);
      }),
    );
  });

  describe('stacks', () => {
    it('names three stacks by stage and orders them web → api → data, without cycles', () => {
      expect([synth.data.stackName, synth.api.stackName, synth.web.stackName]).toEqual([
        'test-interviews-data',
        'test-interviews-api',
        'test-interviews-web',
      ]);
      const dependencies = (id: string) =>
        synth.assembly
          .getStackArtifact(id)
          .dependencies.map((artifact) => artifact.id)
          .filter((name) => name.endsWith('-interviews-data') || name.endsWith('-interviews-api') || name.endsWith('-interviews-web'));
      expect(dependencies(synth.data.artifactId)).toEqual([]);
      expect(dependencies(synth.api.artifactId)).toEqual([synth.data.artifactId]);
      expect(dependencies(synth.web.artifactId)).toEqual([synth.api.artifactId]);
    });

    it('keeps every template, nested stacks included, under 400 resources', () => {
      const counts = allTemplates(synth.app).map(({ path, template }) => [path, Object.keys(template.toJSON().Resources ?? {}).length] as const);
      expect(counts.length).toBeGreaterThan(3);
      for (const [path, count] of counts) expect(count, path).toBeLessThan(400);
    });

    it('puts route resources in nested stacks, leaving the parent only the API, stage and one resource per chunk (and the monitoring)', () => {
      api.resourceCountIs('AWS::ApiGatewayV2::Route', 0);
      api.resourceCountIs('AWS::CloudFormation::Stack', synth.api.api.chunkStacks.length + 1);
    });
  });

  describe('data', () => {
    it('has the one table from the table definition: keys, GSIs, TTL, PITR, encryption, on-demand', () => {
      data.resourceCountIs('AWS::DynamoDB::Table', 1);
      data.hasResourceProperties('AWS::DynamoDB::Table', {
        TableName: 'test-interviews',
        KeySchema: [
          { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
        TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
        GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((index) => ({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      });
    });

    it('destroys data outside production', () => {
      data.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete', UpdateReplacePolicy: 'Delete' });
    });

    it('makes the media bucket private, SSL-only, CORS-enabled for uploads, logged, and aborts stale multipart uploads', () => {
      const media = Match.objectLike({
        BucketName: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp('^test-media-')])] }),
      });
      data.hasResourceProperties('AWS::S3::Bucket', {
        BucketName: Match.anyValue(),
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        CorsConfiguration: {
          CorsRules: [
            {
              AllowedMethods: [...uploadCorsRule.allowedMethods],
              AllowedHeaders: uploadCorsRule.allowedHeaders,
              ExposedHeaders: uploadCorsRule.exposedHeaders,
              AllowedOrigins: ['*'],
              MaxAge: uploadCorsRule.maxAgeSeconds,
            },
          ],
        },
        LifecycleConfiguration: { Rules: [Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' })] },
        LoggingConfiguration: { DestinationBucketName: Match.anyValue(), LogFilePrefix: 'media/' },
      });
      expect(Object.keys(data.findResources('AWS::S3::Bucket', { Properties: media }))).toHaveLength(1);
    });

    it('denies every non-TLS request to its buckets', () => {
      const policies = Object.values(data.findResources('AWS::S3::BucketPolicy') as Record<string, Resource>);
      expect(policies).toHaveLength(2);
      for (const policy of policies) {
        expect(policy.Properties.PolicyDocument.Statement).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        );
      }
    });
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
          ...effectiveGrants(route.grants, route.auth).flatMap((grant) => grantEnvironmentNames(grant, synth.config)),
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
            APP_ORIGIN_PARAMETER: 'p',
            STATE_MACHINE_ARN: 's',
            ANSWER_PACKAGE_STATE_MACHINE_ARN: 'a',
            STRIPE_API_KEY_SECRET_ID: 'k',
            STRIPE_WEBHOOK_SECRET_ID: 'w',
            INTEGRATIONS_KEY_ID: 'i',
            LEVER_OAUTH_CLIENT_SECRET_ID: 'l',
            COMEET_PARTNER_SECRET_ID: 'c',
          }),
        );
        expect(deployed.get(fn.description), fn.id).toEqual(expected.sort());
      }
      // Mails carry links: the reminder job reads the app origin like every other mailing function.
      expect(deployed.get(lambdaFunctions.find((fn) => fn.id === 'sendPlannedMessages')!.description)).toContain('APP_ORIGIN_PARAMETER');
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

    it('lets mail-sending routes send from the configured identity and read the app origin parameter', () => {
      const mailRoutes = routeEntries.filter(([, route]) => (route.grants as readonly string[]).includes('mail:send'));
      for (const [operationId] of mailRoutes) {
        const statements = statementsOf(routeTemplates.get(operationId)!);
        expect(statements.flatMap(actionsOf), operationId).toEqual(expect.arrayContaining(['ses:SendEmail', 'ses:SendRawEmail', 'ssm:GetParameter']));
        expect(JSON.stringify(statements)).toContain(':identity/example.com');
        expect(JSON.stringify(statements)).toContain(':parameter/test/app-origin');
      }
    });

    it("lets each function read only the secrets its grants name: Stripe for billing, the vendors' for ATS integrations", () => {
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
                : `unknown: ${text}`;
      };
      const readers: Record<string, string[]> = {};
      for (const { template } of allTemplates(synth.app)) {
        const functions = Object.values(template.findResources('AWS::Lambda::Function') as Record<string, Resource>);
        for (const policy of Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)) {
          const statements = (policy.Properties.PolicyDocument.Statement as Statement[]).filter((statement) =>
            actionsOf(statement).some((action) => action.startsWith('secretsmanager:')),
          );
          if (statements.length === 0) continue;
          expect(statements.flatMap(actionsOf).every((action) => action === 'secretsmanager:GetSecretValue')).toBe(true);
          const roles = (policy.Properties.Roles as { Ref: string }[]).map((role) => role.Ref);
          const fn = functions.find((f) => roles.includes(f.Properties.Role?.['Fn::GetAtt']?.[0]))!;
          // CDK merges statements with the same action: one statement may name several secrets.
          readers[fn.Properties.Description] = statements
            .flatMap((statement) => [statement.Resource].flat())
            .map(secretOf)
            .sort();
        }
      }
      const expected = Object.fromEntries(
        lambdaFunctions.flatMap((fn) => {
          const secrets = [
            ...(fn.grants.includes('billing:api') ? ['Stripe API key'] : []),
            ...(fn.grants.includes('billing:webhook') ? ['Stripe webhook secret'] : []),
            ...(fn.grants.includes('ats:api') ? ['Comeet partner secret', 'Lever OAuth client'] : []),
          ].sort();
          return secrets.length ? [[fn.description, secrets]] : [];
        }),
      );
      expect(readers).toEqual(expected);
      const description = (id: OperationId) => `${routeKey(routes[id])} (${id})`;
      expect(readers[description('handleStripeWebhook')]).toEqual(['Stripe API key', 'Stripe webhook secret']);
      expect(readers[description('createIntegration')]).toEqual(['Comeet partner secret', 'Lever OAuth client']);
      expect(readers[description('listIntegrations')]).toBeUndefined();
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
          const statements = (policy.Properties.PolicyDocument.Statement as Statement[]).filter((statement) =>
            actionsOf(statement).some((action) => action.startsWith('kms:')),
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
      api.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP', Name: 'test-interviews' });
    });
  });

  describe('media pipeline', () => {
    it('creates the state machine from the ASL with every substitution bound', () => {
      const machine = Object.values(api.findResources('AWS::StepFunctions::StateMachine') as Record<string, Resource>).find(
        (m) => m.Properties.StateMachineName === mediaPipelineStateMachineName('test'),
      );
      expect(machine).toBeDefined();
      const definition = JSON.stringify(machine!.Properties.DefinitionString);
      const substitutions = machine!.Properties.DefinitionSubstitutions as Record<string, unknown>;
      const taskSubstitutions = Object.values(pipelineTasks).map((task) => task.substitution);
      expect(Object.keys(substitutions).sort()).toEqual([...taskSubstitutions, ...pipelineResourceSubstitutions].sort());
      const functionIds = Object.keys(api.findResources('AWS::Lambda::Function'));
      for (const name of taskSubstitutions) expect(substitutions[name]).toEqual({ 'Fn::GetAtt': [expect.toBeOneOf(functionIds), 'Arn'] });
      expect(substitutions.MediaConvertRoleArn).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/MediaConvertRole/), 'Arn'] });
      expect(JSON.stringify(substitutions.MediaBucket)).toContain('test-media-');
      const resolved = Object.keys(substitutions).reduce((text, name) => text.replaceAll(`\${${name}}`, 'resolved'), definition);
      expect(resolved).not.toContain('${');
    });

    it('may run the service tasks of the definition, and nothing broader', () => {
      const statements = statementsOf(api);
      const actions = statements.flatMap(actionsOf);
      expect(taskResources(mediaPipelineDefinition)).toEqual(expect.arrayContaining(['arn:aws:states:::lambda:invoke']));
      if (taskResources(mediaPipelineDefinition).includes('arn:aws:states:::mediaconvert:createJob.sync')) {
        expect(actions).toEqual(expect.arrayContaining(['mediaconvert:CreateJob', 'mediaconvert:GetJob', 'events:PutRule', 'iam:PassRole']));
        const passRole = statements.find((statement) => actionsOf(statement).includes('iam:PassRole'))!;
        expect(passRole).toMatchObject({ Condition: { StringEquals: { 'iam:PassedToService': 'mediaconvert.amazonaws.com' } } });
        api.hasResourceProperties('AWS::IAM::Role', {
          AssumeRolePolicyDocument: { Statement: [Match.objectLike({ Principal: { Service: 'mediaconvert.amazonaws.com' } })] },
        });
      }
      if (taskResources(mediaPipelineDefinition).some((resource) => resource.includes(':transcribe:'))) {
        expect(actions).toEqual(expect.arrayContaining(['transcribe:StartTranscriptionJob', 'transcribe:GetTranscriptionJob']));
      }
    });

    it('logs ALL events with data, traces with X-Ray, and may invoke its task functions', () => {
      api.hasResourceProperties('AWS::StepFunctions::StateMachine', {
        LoggingConfiguration: {
          Level: 'ALL',
          IncludeExecutionData: true,
          Destinations: [{ CloudWatchLogsLogGroup: { LogGroupArn: Match.anyValue() } }],
        },
        TracingConfiguration: { Enabled: true },
      });
      const invoke = statementsOf(api).filter(
        (statement) => actionsOf(statement).includes('lambda:InvokeFunction') && JSON.stringify(statement.Resource).includes('MediaPipeline'),
      );
      expect(invoke).toHaveLength(1);
      expect([invoke[0]!.Resource].flat()).toHaveLength(Object.keys(pipelineTasks).length);
    });

    it('runs each pipeline task in its own Node.js 22 arm64 function', () => {
      for (const task of Object.values(pipelineTasks)) {
        api.hasResourceProperties('AWS::Lambda::Function', {
          Description: Match.stringLikeRegexp(task.handler),
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
          MemorySize: task.memoryMb,
          Timeout: task.timeoutSeconds,
        });
      }
    });
  });

  describe('answer-package builder', () => {
    const machineOf = () =>
      Object.values(api.findResources('AWS::StepFunctions::StateMachine') as Record<string, Resource>).find(
        (m) => m.Properties.StateMachineName === answerPackageStateMachineName('test'),
      );

    it('creates its own state machine from its ASL, logged and traced, bound to its task functions', () => {
      const machine = machineOf();
      expect(machine).toBeDefined();
      const substitutions = machine!.Properties.DefinitionSubstitutions as Record<string, unknown>;
      expect(Object.keys(substitutions).sort()).toEqual(
        Object.values(answerPackageTasks)
          .map((task) => task.substitution)
          .sort(),
      );
      const functionIds = Object.keys(api.findResources('AWS::Lambda::Function'));
      for (const value of Object.values(substitutions)) expect(value).toEqual({ 'Fn::GetAtt': [expect.toBeOneOf(functionIds), 'Arn'] });
      const definition = JSON.stringify(machine!.Properties.DefinitionString);
      expect(Object.keys(substitutions).reduce((text, name) => text.replaceAll(`\${${name}}`, 'resolved'), definition)).not.toContain('${');
      expect(machine!.Properties).toMatchObject({
        LoggingConfiguration: { Level: 'ALL', IncludeExecutionData: true },
        TracingConfiguration: { Enabled: true },
      });
      expect(answerPackageDefinition.TimeoutSeconds).toBe(ANSWER_PACKAGE_EXECUTION_TIMEOUT_SECONDS);
    });

    it("runs the build in a function with Lambda's longest timeout, and may invoke only its own tasks", () => {
      for (const task of Object.values(answerPackageTasks)) {
        api.hasResourceProperties('AWS::Lambda::Function', {
          Description: Match.stringLikeRegexp(task.handler),
          MemorySize: task.memoryMb,
          Timeout: task.timeoutSeconds,
        });
      }
      expect(answerPackageTasks.buildAnswerPackage.timeoutSeconds).toBe(900);
      const invoke = statementsOf(api).filter(
        (statement) => actionsOf(statement).includes('lambda:InvokeFunction') && JSON.stringify(statement.Resource).includes('AnswerPackages'),
      );
      expect(invoke).toHaveLength(1);
      expect([invoke[0]!.Resource].flat()).toHaveLength(Object.keys(answerPackageTasks).length);
      expect(JSON.stringify(invoke[0]!.Resource)).not.toContain('MediaPipeline');
    });

    it('lets only the answer-package route start it, by its name, with nothing else of Step Functions', () => {
      /** The statements of the policies on one route function's role (a chunk's template holds several functions). */
      const statementsOfRoute = (operationId: OperationId): Statement[] => {
        const template = routeTemplates.get(operationId)!;
        const description = `${routeKey(routes[operationId])} (${operationId})`;
        const fn = Object.values(template.findResources('AWS::Lambda::Function') as Record<string, Resource>).find(
          (f) => f.Properties.Description === description,
        );
        const role = fn!.Properties.Role['Fn::GetAtt'][0];
        return Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)
          .filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === role))
          .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
      };
      const startsPackages = (operationId: OperationId) =>
        statementsOfRoute(operationId).some((statement) => JSON.stringify(statement.Resource).includes(':stateMachine:test-answer-packages'));
      expect(routeEntries.filter(([operationId]) => startsPackages(operationId)).map(([operationId]) => operationId)).toEqual([
        'createAnswerPackage',
      ]);
      const states = statementsOfRoute('createAnswerPackage').filter((statement) =>
        actionsOf(statement).some((action) => action.startsWith('states:')),
      );
      expect(states.flatMap(actionsOf)).toEqual(['states:StartExecution']);
      expect(JSON.stringify(states[0]!.Resource)).toContain(':stateMachine:test-answer-packages');
    });
  });

  describe('web', () => {
    it('serves the SPA bucket through Origin Access Control and /api/* from the HTTP API, uncached', () => {
      web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
      web.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          DefaultRootObject: 'index.html',
          DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https', ResponseHeadersPolicyId: Match.anyValue() }),
          CacheBehaviors: [
            Match.objectLike({
              PathPattern: '/api/*',
              CachePolicyId: CACHING_DISABLED,
              OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
              AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
              ViewerProtocolPolicy: 'https-only',
              ResponseHeadersPolicyId: Match.anyValue(),
            }),
          ],
          Origins: [
            Match.objectLike({ S3OriginConfig: Match.anyValue(), OriginAccessControlId: Match.anyValue() }),
            Match.objectLike({
              DomainName: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith(['.execute-api.'])] }),
              CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: 'https-only' }),
            }),
          ],
          Logging: Match.objectLike({ Bucket: Match.anyValue() }),
        }),
      });
      const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution') as Record<string, Resource>);
      // No error mapping: it would turn the API's JSON 403/404 into index.html.
      expect(distribution!.Properties.DistributionConfig.CustomErrorResponses).toBeUndefined();
    });

    it('sends the security headers, CSP included, from lib/security-headers.ts', () => {
      const csp = securityHeaders['content-security-policy'];
      for (const directive of [
        "default-src 'self'",
        "img-src 'self' data: blob: https://*.amazonaws.com",
        "media-src 'self' blob: https://*.amazonaws.com",
        "connect-src 'self' https://*.amazonaws.com",
        "style-src 'self' 'unsafe-inline'",
        "script-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
      ]) {
        expect(csp).toContain(directive);
      }
      web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
        ResponseHeadersPolicyConfig: Match.objectLike({
          SecurityHeadersConfig: {
            ContentSecurityPolicy: { ContentSecurityPolicy: csp, Override: true },
            StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Preload: true, Override: true },
            ContentTypeOptions: { Override: true },
            FrameOptions: { FrameOption: 'DENY', Override: true },
            ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
          },
          CustomHeadersConfig: { Items: [{ Header: 'Permissions-Policy', Value: securityHeaders['permissions-policy'], Override: true }] },
        }),
      });
    });

    it('writes the site origin to SSM for the mail-sending functions', () => {
      web.hasResourceProperties('AWS::SSM::Parameter', {
        Name: '/test/app-origin',
        Type: 'String',
        Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('Distribution'), 'DomainName'] }]] },
      });
    });

    it('uploads the built SPA: hashed assets cached for a year, pages revalidated, CloudFront invalidated', () => {
      web.hasResourceProperties('Custom::CDKBucketDeployment', {
        DestinationBucketKeyPrefix: 'assets/',
        SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
        Prune: false,
      });
      web.hasResourceProperties('Custom::CDKBucketDeployment', {
        SystemMetadata: { 'cache-control': 'no-cache' },
        DistributionPaths: ['/*'],
        Prune: false,
      });
    });
  });

  describe('cdk-nag (AwsSolutions)', () => {
    it('reports no unacknowledged finding, error or warning, in any stack', () => {
      expect(nagViolations(synth.app)).toEqual([]);
    });

    it('leaves no other error or warning annotations', () => {
      for (const stack of [synth.data, synth.api, synth.web]) {
        expect(Annotations.fromStack(stack).findError('*', Match.anyValue()), stack.stackName).toEqual([]);
        expect(Annotations.fromStack(stack).findWarning('*', Match.anyValue()), stack.stackName).toEqual([]);
      }
    });

    it('records a reason with every acknowledgment in the templates', () => {
      const reasons = allTemplates(synth.app).flatMap(({ template }) =>
        Object.values(
          template.toJSON().Resources as Record<string, { Metadata?: { cdk_nag?: { rules_to_suppress: { id: string; reason: string }[] } } }>,
        ).flatMap((resource) => resource.Metadata?.cdk_nag?.rules_to_suppress ?? []),
      );
      expect(reasons.length).toBeGreaterThan(0);
      for (const { id, reason } of reasons) expect(reason.length, id).toBeGreaterThan(40);
    });
  });
});

describe('taskResources', () => {
  it('lists the Task resources of a definition, branches included', () => {
    const definition = {
      StartAt: 'A',
      States: {
        A: { Type: 'Task', Resource: 'arn:aws:states:::lambda:invoke', Next: 'B' },
        B: {
          Type: 'Parallel',
          Branches: [{ StartAt: 'C', States: { C: { Type: 'Task', Resource: 'arn:aws:states:::aws-sdk:s3:getObject', End: true } } }],
          Next: 'D',
        },
        D: { Type: 'Pass', Parameters: { Resource: 'not-a-task' }, End: true },
      },
    };
    expect(taskResources(definition)).toEqual(['arn:aws:states:::aws-sdk:s3:getObject', 'arn:aws:states:::lambda:invoke']);
  });
});

describe('the cdk-nag check itself', () => {
  it('reports a finding when one is introduced (the zero above is not vacuous)', () => {
    const app = new App();
    const stack = new Stack(app, 'Probe');
    new Bucket(stack, 'Plain');
    expect(nagViolations(app)).toEqual(expect.arrayContaining([expect.stringMatching(/^error AwsSolutions-S10 at Probe\/Plain/)]));
  });
});

describe('the CDK app without a web build', () => {
  it('synthesizes, skips the SPA upload and says so', () => {
    const synth = synthApp({ spaDistPath: '/nonexistent/web/dist' });
    const web = Template.fromStack(synth.web);
    web.resourceCountIs('Custom::CDKBucketDeployment', 0);
    web.resourceCountIs('AWS::CloudFront::Distribution', 1);
    Annotations.fromStack(synth.web).hasWarning('/test-interviews-web/Web', Match.stringLikeRegexp('index.html not found'));
    expect(nagViolations(synth.app)).toEqual([]);
  });
});

describe('the CDK app for production with a custom domain', () => {
  let synth: ReturnType<typeof synthApp>;

  beforeAll(() => {
    synth = synthApp({
      spaDistPath: '/nonexistent/web/dist',
      context: {
        stage: 'prod',
        mailFrom: 'Video Interviews <no-reply@mail.example.org>',
        domainName: 'interviews.example.org',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
      },
    });
  });

  it('retains and protects the data, and keeps it when the stack goes', () => {
    const data = Template.fromStack(synth.data);
    data.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', Properties: Match.objectLike({ DeletionProtectionEnabled: true }) });
    data.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain' });
    data.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
    expect(synth.data.terminationProtection).toBe(true);
  });

  it('serves the custom domain with TLS 1.2+ and pins media CORS to it', () => {
    Template.fromStack(synth.web).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['interviews.example.org'],
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' }),
      }),
    });
    Template.fromStack(synth.data).hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: ['https://interviews.example.org'] })] },
    });
  });

  it('gives mail-sending functions the origin directly, and SES rights on the sender address and its domain', () => {
    const [operationId] = routeEntries.find(([, route]) => (route.grants as readonly string[]).includes('mail:send')) ?? [];
    expect(operationId).toBeDefined();
    const chunk = synth.api.api.chunkStacks.find((stack) => stack.functions.has(operationId!))!;
    const template = Template.fromStack(chunk);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          APP_ORIGIN: 'https://interviews.example.org',
          APP_ORIGIN_PARAMETER: '/prod/app-origin',
          MAIL_FROM: 'Video Interviews <no-reply@mail.example.org>',
        }),
      },
    });
    const policies = JSON.stringify(template.findResources('AWS::IAM::Policy'));
    expect(policies).toContain(':identity/no-reply@mail.example.org');
    expect(policies).toContain(':identity/mail.example.org');
    Template.fromStack(synth.web).hasResourceProperties('AWS::SSM::Parameter', { Name: '/prod/app-origin', Value: 'https://interviews.example.org' });
  });
});
