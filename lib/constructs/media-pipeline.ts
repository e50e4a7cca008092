import { ArnFormat, Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { mediaPipelineDefinition, mediaPipelineStateMachineName } from '../../lambdas/pipeline/media-pipeline.asl';
import { pipelineResourceSubstitutions, pipelineTasks, type PipelineTaskId } from '../../lambdas/pipeline/tasks';
import { mediaPrefixes } from '../../lambdas/adapters/storage-layout';
import type { StageConfig } from '../config';
import { acknowledge, iam5Resource } from '../nag';
import type { DataResourceRefs } from './data';
import { pipelineFunction } from '../functions';
import { bindGrants } from './grants';
import { AppFunction } from './lambda-function';

export interface MediaPipelineProps {
  readonly config: StageConfig;
  readonly data: DataResourceRefs;
  /** The SPA's origin, for the links functions write (grant app:links). */
  readonly appOrigin: string;
}

type ResourceSubstitution = (typeof pipelineResourceSubstitutions)[number];

/** Every `Resource` of a Task state in the definition (Parallel and Map branches included). */
export const taskResources = (definition: unknown): string[] => {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record.Type === 'Task' && typeof record.Resource === 'string') found.add(record.Resource);
    Object.values(record).forEach(walk);
  };
  walk(definition);
  return [...found].sort();
};

/**
 * The media pipeline: the one ASL definition (lambdas/pipeline/media-pipeline.asl.ts) as a Standard
 * state machine. Its `${...}` placeholders are substituted with the ARNs of one function per
 * pipeline task (lambdas/pipeline/tasks.ts) and with the resources the service tasks use (the
 * media bucket, the role MediaConvert runs as). Every execution is logged (ALL, with data) and
 * traced (X-Ray).
 *
 * The definition is a string, so CDK cannot derive the state machine's permissions from it: they
 * are derived here from the Task states' `Resource`s, and synth fails on a service integration
 * this construct does not know yet, rather than deploying a pipeline that fails at run time.
 */
export class MediaPipeline extends Construct {
  readonly stateMachine: StateMachine;
  readonly taskFunctions: Readonly<Record<PipelineTaskId, AppFunction>>;
  readonly mediaConvertRole: Role;

  constructor(scope: Construct, id: string, props: MediaPipelineProps) {
    super(scope, id);
    const { config, data } = props;
    const stack = Stack.of(this);
    const objects = (prefix: string) => `${data.mediaBucketArn}/${prefix}*`;

    const functions = {} as Record<PipelineTaskId, AppFunction>;
    const substitutions: Record<string, string> = {};
    for (const [taskId, task] of Object.entries(pipelineTasks) as [PipelineTaskId, (typeof pipelineTasks)[PipelineTaskId]][]) {
      const definition = pipelineFunction(taskId, task);
      const fn = new AppFunction(this, taskId, { config, ...definition });
      // No state machine ARN here: a task cannot start the pipeline it runs in (that would be a cycle).
      bindGrants(fn, definition.grants, { config, data, appOrigin: props.appOrigin });
      functions[taskId] = fn;
      substitutions[task.substitution] = fn.functionArn;
    }
    this.taskFunctions = functions;

    // MediaConvert reads the upload and writes the processed video and thumbnail as this role.
    this.mediaConvertRole = new Role(this, 'MediaConvertRole', {
      assumedBy: new ServicePrincipal('mediaconvert.amazonaws.com'),
      description: `MediaConvert jobs of the ${config.stage} media pipeline`,
    });
    this.mediaConvertRole.addToPolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [objects(mediaPrefixes.uploads)] }));
    this.mediaConvertRole.addToPolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [objects(mediaPrefixes.processed)] }));
    for (const prefix of [mediaPrefixes.uploads, mediaPrefixes.processed]) {
      acknowledge(
        this.mediaConvertRole,
        iam5Resource(this, objects(prefix)),
        `MediaConvert reads uploads and writes processed media under per-media keys; the grant names the ${prefix} prefix.`,
      );
    }

    const resourceSubstitutions: Record<ResourceSubstitution, string> = {
      MediaBucket: data.mediaBucketName,
      MediaConvertRoleArn: this.mediaConvertRole.roleArn,
    };
    Object.assign(substitutions, resourceSubstitutions);

    const definition = JSON.stringify(mediaPipelineDefinition);
    const placeholders = new Set([...definition.matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]!));
    const missing = [...placeholders].filter((name) => !(name in substitutions));
    if (missing.length > 0)
      throw new Error(`The media pipeline definition uses substitutions this construct does not provide: ${missing.join(', ')}`);

    const logGroup = new LogGroup(this, 'Logs', {
      // Step Functions vended logs need the /aws/vendedlogs/ prefix to keep the resource policy small.
      logGroupName: `/aws/vendedlogs/states/${mediaPipelineStateMachineName(config.stage)}`,
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });

    this.stateMachine = new StateMachine(this, 'StateMachine', {
      stateMachineName: mediaPipelineStateMachineName(config.stage),
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromString(definition),
      definitionSubstitutions: substitutions,
      // No execution timeout: CDK ignores `timeout` with a definition given as a string (it was 2 hours
      // here, never applied, and too short for an hour's answer), and an execution that timed out would
      // skip RecordFailed and leave the answer processing. Every task state has its own timeout ending in
      // RecordFailed instead (media-pipeline.asl.ts, TASK_TIMEOUT_SECONDS).
      logs: { destination: logGroup, level: LogLevel.ALL, includeExecutionData: true },
      tracingEnabled: true,
    });

    const role = this.stateMachine.role;
    const regional = (service: string, resource: string, resourceName: string) =>
      stack.formatArn({ service, resource, resourceName, arnFormat: ArnFormat.SLASH_RESOURCE_NAME });
    const allow = (actions: string[], resources: string[]) => this.stateMachine.addToRolePolicy(new PolicyStatement({ actions, resources }));
    const acknowledgeWildcard = (resource: string, reason: string) => acknowledge(role, iam5Resource(this, resource), reason);

    const unknown: string[] = [];
    for (const resource of taskResources(mediaPipelineDefinition)) {
      switch (resource) {
        case 'arn:aws:states:::lambda:invoke':
          // The unqualified ARNs, exactly as the definition names them (no version wildcard).
          allow(
            ['lambda:InvokeFunction'],
            Object.values(functions).map((fn) => fn.functionArn),
          );
          break;
        case 'arn:aws:states:::mediaconvert:createJob.sync': {
          const jobs = regional('mediaconvert', 'jobs', '*');
          allow(['mediaconvert:CreateJob'], [jobs, regional('mediaconvert', 'queues', 'Default')]);
          allow(['mediaconvert:GetJob', 'mediaconvert:CancelJob'], [jobs]);
          // `.sync` waits for the job through an EventBridge rule that Step Functions manages.
          allow(
            ['events:PutTargets', 'events:PutRule', 'events:DescribeRule'],
            [regional('events', 'rule', 'StepFunctionsGetEventsForMediaConvertJobRule')],
          );
          this.stateMachine.addToRolePolicy(
            new PolicyStatement({
              actions: ['iam:PassRole'],
              resources: [this.mediaConvertRole.roleArn],
              conditions: { StringEquals: { 'iam:PassedToService': 'mediaconvert.amazonaws.com' } },
            }),
          );
          acknowledgeWildcard(jobs, 'MediaConvert job ids are generated when the job is created, so the job ARN cannot be named in advance.');
          break;
        }
        case 'arn:aws:states:::aws-sdk:transcribe:startTranscriptionJob':
        case 'arn:aws:states:::aws-sdk:transcribe:getTranscriptionJob': {
          const jobs = regional('transcribe', 'transcription-job', '*');
          allow([resource.endsWith('startTranscriptionJob') ? 'transcribe:StartTranscriptionJob' : 'transcribe:GetTranscriptionJob'], [jobs]);
          // Without a data access role, Transcribe reads the video and writes its output as the caller.
          allow(['s3:GetObject', 's3:PutObject'], [objects(mediaPrefixes.processed)]);
          acknowledgeWildcard(jobs, 'Transcription jobs are named after the media id at run time, so the job ARN cannot be named in advance.');
          acknowledgeWildcard(
            objects(mediaPrefixes.processed),
            `Transcribe reads the transcoded video and writes its transcript under per-media keys; the grant names the ${mediaPrefixes.processed} prefix.`,
          );
          break;
        }
        default:
          unknown.push(resource);
      }
    }
    if (unknown.length > 0) {
      throw new Error(`The media pipeline uses service integrations with no IAM mapping in lib/constructs/media-pipeline.ts: ${unknown.join(', ')}`);
    }

    acknowledge(
      role,
      'AwsSolutions-IAM5[Resource::*]',
      'CloudWatch Logs delivery (logs:CreateLogDelivery, PutResourcePolicy, Describe*...) and X-Ray (PutTraceSegments, PutTelemetryRecords, GetSampling*) do not support resource-level permissions; CDK adds these for logging and tracing.',
    );
  }
}
