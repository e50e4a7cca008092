import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaPipelineDefinition, mediaPipelineStateMachineName } from '../../lambdas/pipeline/media-pipeline.asl';
import {
  ANSWER_PACKAGE_EXECUTION_TIMEOUT_SECONDS,
  answerPackageDefinition,
  answerPackageStateMachineName,
  answerPackageTasks,
} from '../../lambdas/pipeline/answer-package.asl';
import { pipelineResourceSubstitutions, pipelineTasks } from '../../lambdas/pipeline/tasks';
import { routeEntries, routeKey, routes, type OperationId } from '../../lambdas/operations/index';
import { taskResources } from '../../lib/constructs/media-pipeline';
import { actionsOf, statementsOf, synthTestStage, type Resource, type Statement, type TestStage } from './synth';

/** The api stack's state machines: the media pipeline and the answer-package builder. */
describe('the api stack (stage "test"): state machines', () => {
  let api: TestStage['api'];
  let routeTemplates: TestStage['routeTemplates'];

  beforeAll(() => {
    ({ api, routeTemplates } = synthTestStage());
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
      expect(taskResources(mediaPipelineDefinition)).toEqual([
        'arn:aws:states:::aws-sdk:transcribe:getTranscriptionJob',
        'arn:aws:states:::aws-sdk:transcribe:startTranscriptionJob',
        'arn:aws:states:::lambda:invoke',
        'arn:aws:states:::mediaconvert:createJob.sync',
      ]);
      // The statements of the state machine's own role, and only those.
      const machine = Object.values(api.findResources('AWS::StepFunctions::StateMachine') as Record<string, Resource>).find(
        (m) => m.Properties.StateMachineName === mediaPipelineStateMachineName('test'),
      )!;
      const role = machine.Properties.RoleArn['Fn::GetAtt'][0] as string;
      const statements = Object.values(api.findResources('AWS::IAM::Policy') as Record<string, Resource>)
        .filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === role))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
      expect(statements.length).toBeGreaterThan(0);
      // Logging and tracing (CDK's, no resource-level permissions) are the only actions on every resource.
      const everywhere = statements.filter((statement) => statement.Resource === '*');
      expect(everywhere.flatMap(actionsOf).every((action) => /^(logs|xray):/.test(action))).toBe(true);
      const scoped = statements.filter((statement) => statement.Resource !== '*');
      expect([...new Set(scoped.flatMap(actionsOf))].sort()).toEqual([
        'events:DescribeRule',
        'events:PutRule',
        'events:PutTargets',
        'iam:PassRole',
        'lambda:InvokeFunction',
        'mediaconvert:CancelJob',
        'mediaconvert:CreateJob',
        'mediaconvert:GetJob',
        's3:GetObject',
        's3:PutObject',
        'transcribe:GetTranscriptionJob',
        'transcribe:StartTranscriptionJob',
      ]);
      for (const statement of scoped) expect(JSON.stringify(statement.Resource), actionsOf(statement).join()).not.toMatch(/"\*"|:\*"|\/\*\*/);
      const resourcesOf = (action: string) =>
        JSON.stringify(scoped.filter((statement) => actionsOf(statement).includes(action)).map((statement) => statement.Resource));
      // Media only under processed/ (Transcribe reads the transcoded video and writes its transcript there).
      expect(resourcesOf('s3:GetObject')).toContain('/processed/*');
      expect(resourcesOf('s3:GetObject')).not.toContain('/uploads/');
      // The role MediaConvert runs as, passed only to MediaConvert.
      const passRole = scoped.filter((statement) => actionsOf(statement).includes('iam:PassRole'));
      expect(passRole).toEqual([
        {
          Effect: 'Allow',
          Action: 'iam:PassRole',
          Resource: { 'Fn::GetAtt': [expect.stringMatching(/MediaConvertRole/), 'Arn'] },
          Condition: { StringEquals: { 'iam:PassedToService': 'mediaconvert.amazonaws.com' } },
        },
      ]);
      api.hasResourceProperties('AWS::IAM::Role', {
        AssumeRolePolicyDocument: { Statement: [Match.objectLike({ Principal: { Service: 'mediaconvert.amazonaws.com' } })] },
      });
      // Its functions are the pipeline's task functions.
      expect(resourcesOf('lambda:InvokeFunction')).not.toContain('AnswerPackages');
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
