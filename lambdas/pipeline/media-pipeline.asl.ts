import { pipelineTasks } from './tasks';

/**
 * The media pipeline's one Amazon States Language definition. Step Functions in AWS (via CDK with
 * `definitionSubstitutions`) and aws-local-stepfunctions in the local stack run this same JSON.
 *
 * Input: `{ "mediaId": string, "bucket": string, "key": string }`. The execution name is the media id,
 * so a re-delivered start for the same upload is rejected by Step Functions instead of processing twice.
 *
 * Skeleton: it records that the upload was received and has one failure path that stores the
 * failed state. Probe, transcode, thumbnail, captions and transcript states slot in between.
 */
const lambdaTask = (substitution: string, payload: Record<string, unknown>, next: string | undefined) => ({
  Type: 'Task',
  Resource: 'arn:aws:states:::lambda:invoke',
  Parameters: { FunctionName: `\${${substitution}}`, Payload: payload },
  OutputPath: '$.Payload',
  Retry: [
    {
      ErrorEquals: [
        'Lambda.ServiceException',
        'Lambda.AWSLambdaException',
        'Lambda.SdkClientException',
        'Lambda.TooManyRequestsException',
        'States.Timeout',
      ],
      IntervalSeconds: 2,
      MaxAttempts: 3,
      BackoffRate: 2,
    },
  ],
  ...(next ? { Next: next } : { End: true }),
});

export const mediaPipelineDefinition = {
  Comment: 'Media processing: upload received → (probe → transcode → thumbnail → captions/transcript) → status',
  StartAt: 'RecordReceived',
  States: {
    RecordReceived: {
      ...lambdaTask(pipelineTasks.setMediaStatus.substitution, { 'mediaId.$': '$.mediaId', status: 'received' }, 'Done'),
      ResultPath: null,
      OutputPath: '$',
      Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordFailed' }],
    },
    RecordFailed: {
      ...lambdaTask(pipelineTasks.setMediaStatus.substitution, { 'mediaId.$': '$.mediaId', status: 'failed', 'error.$': '$.error' }, 'Failed'),
    },
    Failed: { Type: 'Fail', Error: 'MediaProcessingFailed', Cause: 'A pipeline step failed; the media is marked failed.' },
    Done: { Type: 'Succeed' },
  },
} as const;

export const mediaPipelineStateMachineName = (stage: string): string => `${stage}-media-pipeline`;
