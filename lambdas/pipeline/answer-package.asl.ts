import type { PipelineTaskDefinition } from './tasks';

/**
 * The answer-package builder: a second, small state machine beside the media pipeline. "Export
 * videos" records the package as `generating` and starts one execution (named after the build, so
 * a repeated start of the same build is refused by Step Functions); its one Task runs a function
 * with Lambda's longest timeout that streams the zip from S3 back into S3 in parts, off the API's
 * 29-second request path. Any failure ends in RecordFailed, which stores the failed state on the
 * package, so the page shows a failure and offers the export again instead of "Generating..." forever.
 *
 * Step Functions in AWS (lib/constructs/answer-packages.ts, with `definitionSubstitutions`) and
 * aws-local-stepfunctions in the local stack (lib/local/stack.ts) run this same JSON.
 *
 * Input: `{ candidateId, buildId }`.
 */
export const answerPackageTasks = {
  buildAnswerPackage: {
    handler: 'pipeline/build-answer-package',
    substitution: 'BuildAnswerPackageFunctionArn',
    // Lambda's maximum: 20 answers of 5 minutes (about 2.4 GB at the pipeline's bitrate ceiling) stream
    // in well under it (npm run bench measures the throughput).
    timeoutSeconds: 900,
    // Streaming keeps memory flat (a few multipart parts in flight); more memory buys network throughput.
    memoryMb: 1024,
    // media:delete: a build that lost its place removes its zip, one that finished the zips it replaced.
    grants: ['table:write', 'media:read', 'media:write', 'media:delete'],
  },
  recordAnswerPackageFailure: {
    handler: 'pipeline/record-answer-package-failure',
    substitution: 'RecordAnswerPackageFailureFunctionArn',
    timeoutSeconds: 10,
    memoryMb: 256,
    grants: ['table:write'],
  },
} as const satisfies Record<string, PipelineTaskDefinition>;

export type AnswerPackageTaskId = keyof typeof answerPackageTasks;

/** The whole execution may not outlast this (the definition's TimeoutSeconds). */
export const ANSWER_PACKAGE_EXECUTION_TIMEOUT_SECONDS = 1800;

/**
 * A package still `generating` after this long has no worker left: the execution has timed out, and
 * the last build it started (at most at its end) has run out of its own timeout too. Only then may
 * a new build of it start, so two builds never write the same object.
 */
export const ANSWER_PACKAGE_STALE_AFTER_MS = (ANSWER_PACKAGE_EXECUTION_TIMEOUT_SECONDS + answerPackageTasks.buildAnswerPackage.timeoutSeconds) * 1000;

const sub = (name: string) => '${' + name + '}';

const lambdaTask = <Rest extends Record<string, unknown>>(task: AnswerPackageTaskId, payload: Record<string, unknown>, rest: Rest) => ({
  Type: 'Task',
  Resource: 'arn:aws:states:::lambda:invoke',
  Parameters: { FunctionName: sub(answerPackageTasks[task].substitution), Payload: payload },
  ResultSelector: { 'Payload.$': '$.Payload' },
  ...rest,
});

/**
 * Errors of the Lambda service itself (throttled, not reached): the function did not build, so one
 * more try is safe. Not a timeout: a build that ran out of time would run out again.
 */
const retryLambdaService = [
  {
    ErrorEquals: ['Lambda.ServiceException', 'Lambda.AWSLambdaException', 'Lambda.SdkClientException', 'Lambda.TooManyRequestsException'],
    IntervalSeconds: 2,
    MaxAttempts: 2,
    BackoffRate: 2,
  },
];

/** The Task states and the task each runs (the local stack runs them by state name). */
export const answerPackageStates = { Build: 'buildAnswerPackage', RecordFailed: 'recordAnswerPackageFailure' } as const satisfies Record<
  string,
  AnswerPackageTaskId
>;

export const answerPackageDefinition = {
  Comment: "Answer package: the candidate's processed answer videos in one zip, streamed to S3, with one failure path",
  StartAt: 'Build',
  TimeoutSeconds: ANSWER_PACKAGE_EXECUTION_TIMEOUT_SECONDS,
  States: {
    Build: lambdaTask(
      answerPackageStates.Build,
      { 'candidateId.$': '$.candidateId', 'buildId.$': '$.buildId' },
      {
        ResultPath: '$.build',
        // Stated, since the ASL default is 60 s (the local runner keeps to it): past the function's own
        // timeout, so the function, not the wait, is what times out.
        TimeoutSeconds: answerPackageTasks.buildAnswerPackage.timeoutSeconds + 60,
        Retry: retryLambdaService,
        Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordFailed' }],
        Next: 'Done',
      },
    ),
    RecordFailed: lambdaTask(
      answerPackageStates.RecordFailed,
      { 'candidateId.$': '$.candidateId', 'buildId.$': '$.buildId', 'error.$': '$.error' },
      {
        ResultPath: null,
        TimeoutSeconds: answerPackageTasks.recordAnswerPackageFailure.timeoutSeconds + 60,
        Retry: [{ ErrorEquals: ['States.ALL'], IntervalSeconds: 2, MaxAttempts: 3, BackoffRate: 2 }],
        Next: 'Failed',
      },
    ),
    Failed: { Type: 'Fail', Error: 'AnswerPackageFailed', Cause: 'The package could not be built; it is marked failed.' },
    Done: { Type: 'Succeed' },
  },
} as const;

export const answerPackageStateMachineName = (stage: string): string => `${stage}-answer-packages`;
