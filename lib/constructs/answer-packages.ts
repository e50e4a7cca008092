import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import {
  answerPackageDefinition,
  answerPackageStateMachineName,
  answerPackageTasks,
  type AnswerPackageTaskId,
} from '../../lambdas/pipeline/answer-package.asl';
import type { StageConfig } from '../config';
import { pipelineFunction } from '../functions';
import { acknowledge } from '../nag';
import type { DataResourceRefs } from './data';
import { bindGrants } from './grants';
import { AppFunction } from './lambda-function';
import { taskResources } from './media-pipeline';

export interface AnswerPackagesProps {
  readonly config: StageConfig;
  readonly data: DataResourceRefs;
  /** The SPA's origin, for the links functions write (grant app:links). */
  readonly appOrigin: string;
}

/**
 * The answer-package builder: its one ASL definition (lambdas/pipeline/answer-package.asl.ts) as a
 * Standard state machine named by stage (the `package:start` grant addresses it by that name), with
 * one function per task and the permission to invoke exactly those. Every execution is logged (ALL,
 * with data) and traced (X-Ray), as the media pipeline's.
 */
export class AnswerPackages extends Construct {
  readonly stateMachine: StateMachine;
  readonly taskFunctions: Readonly<Record<AnswerPackageTaskId, AppFunction>>;

  constructor(scope: Construct, id: string, props: AnswerPackagesProps) {
    super(scope, id);
    const { config, data } = props;

    const functions = {} as Record<AnswerPackageTaskId, AppFunction>;
    const substitutions: Record<string, string> = {};
    for (const [taskId, task] of Object.entries(answerPackageTasks) as [AnswerPackageTaskId, (typeof answerPackageTasks)[AnswerPackageTaskId]][]) {
      const definition = pipelineFunction(taskId, task, 'Answer package');
      const fn = new AppFunction(this, taskId, { config, ...definition });
      bindGrants(fn, definition.grants, { config, data, appOrigin: props.appOrigin });
      functions[taskId] = fn;
      substitutions[task.substitution] = fn.functionArn;
    }
    this.taskFunctions = functions;

    const definition = JSON.stringify(answerPackageDefinition);
    const missing = [...new Set([...definition.matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]!))].filter((name) => !(name in substitutions));
    if (missing.length > 0)
      throw new Error(`The answer-package definition uses substitutions this construct does not provide: ${missing.join(', ')}`);
    const unknown = taskResources(answerPackageDefinition).filter((resource) => resource !== 'arn:aws:states:::lambda:invoke');
    if (unknown.length > 0)
      throw new Error(`The answer-package definition uses service integrations with no IAM mapping here: ${unknown.join(', ')}`);

    const logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `/aws/vendedlogs/states/${answerPackageStateMachineName(config.stage)}`,
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });
    // The execution's time limit is the definition's own TimeoutSeconds (the local runner reads it too).
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      stateMachineName: answerPackageStateMachineName(config.stage),
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromString(definition),
      definitionSubstitutions: substitutions,
      logs: { destination: logGroup, level: LogLevel.ALL, includeExecutionData: true },
      tracingEnabled: true,
    });
    // The unqualified ARNs, exactly as the definition names them (no version wildcard).
    this.stateMachine.addToRolePolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: Object.values(functions).map((fn) => fn.functionArn) }),
    );
    acknowledge(
      this.stateMachine.role,
      'AwsSolutions-IAM5[Resource::*]',
      'CloudWatch Logs delivery (logs:CreateLogDelivery, PutResourcePolicy, Describe*...) and X-Ray (PutTraceSegments, PutTelemetryRecords, GetSampling*) do not support resource-level permissions; CDK adds these for logging and tracing.',
    );
  }
}
