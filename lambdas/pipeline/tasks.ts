/**
 * Lambda tasks of the media pipeline, defined once. CDK creates one function per task and passes
 * its ARN to the state machine through `substitution`; the local runner maps the same task to its
 * module and runs it in-process.
 */
import type { Grant } from '../routes';

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
    grants: ['table:write'],
  },
} as const satisfies Record<string, PipelineTaskDefinition>;

export type PipelineTaskId = keyof typeof pipelineTasks;
