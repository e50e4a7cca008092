/**
 * Lambda tasks of the media pipeline, defined once. CDK creates one function per task and passes
 * its ARN to the state machine through `substitution`; the local runner maps the same task to its
 * module and runs it in-process.
 */
import type { Grant } from '../operations/operation';

export interface PipelineTaskDefinition {
  readonly handler: string;
  readonly substitution: string;
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
  readonly grants: readonly Grant[];
}

export const pipelineTasks = {
  setMediaStatus: {
    handler: 'pipeline/set-media-status',
    substitution: 'SetMediaStatusFunctionArn',
    timeoutSeconds: 10,
    memoryMb: 256,
    // app:links and events:put: a failed answer's `answer.processed` webhook event (issue 38).
    grants: ['table:write', 'app:links', 'events:put'],
  },
  probeMedia: { handler: 'pipeline/probe-media', substitution: 'ProbeMediaFunctionArn', timeoutSeconds: 20, memoryMb: 256, grants: ['media:read'] },
  finalizeMedia: {
    handler: 'pipeline/finalize-media',
    substitution: 'FinalizeMediaFunctionArn',
    timeoutSeconds: 60,
    memoryMb: 512,
    // app:links and events:put: a ready answer's `answer.processed` webhook event (issue 38).
    grants: ['table:write', 'media:read', 'media:write', 'app:links', 'events:put'],
  },
  summariseAnswer: {
    handler: 'pipeline/summarise-answer',
    substitution: 'SummariseAnswerFunctionArn',
    // Two Converse calls (the answer's summary, the candidate's overview), each with its SDK retries.
    timeoutSeconds: 90,
    memoryMb: 256,
    // bedrock:invoke: the one configured model (issue 41); media:read the transcript; mail:send the owners once the budget is reached.
    grants: ['table:write', 'media:read', 'mail:send', 'bedrock:invoke'],
  },
} as const satisfies Record<string, PipelineTaskDefinition>;

export type PipelineTaskId = keyof typeof pipelineTasks;

/**
 * Substitutions the definition needs besides the task functions' ARNs, provided by CDK in AWS and
 * by the local runner locally.
 */
export const pipelineResourceSubstitutions = ['MediaBucket', 'MediaConvertRoleArn'] as const;
