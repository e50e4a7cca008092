import { mediaKeys } from '../adapters/storage-layout';
import { pipelineTasks } from './tasks';
import { UNLIMITED_ANSWER_SECONDS } from '../contracts/timing';
import { AUDIO_OUTPUT_CONTENT_TYPE } from '../contracts/media-types';

/**
 * The media pipeline's one Amazon States Language definition. Step Functions in AWS (via CDK with
 * `definitionSubstitutions`) and aws-local-stepfunctions in the local stack run this same JSON;
 * locally, the AWS service tasks (MediaConvert, Transcribe) are overridden by state name with ffmpeg
 * and pocketsphinx implementations that return the services' result shapes (lib/local/media-tasks.ts).
 *
 * Input: `{ mediaId, key, contentType, clip? }`. The execution name is the media id, so a repeated start
 * for the same upload is refused by Step Functions instead of processing twice; a failed answer the
 * team processes again (issue 37) runs under a name of its own (app/media/process-again.ts), which
 * also names its transcription job (Transcribe refuses a job name it has had). `clip`
 * (`{ maxMillis, endTimecode }`, domain/media.ts `pipelineClip`) is where a video is cut: a
 * candidate's answer at their answer time plus the grace (issue 25: an uploaded answer is held to
 * its limit as a recorded one is).
 *
 * probe → transcode (MP4 H.264/AAC, faststart + thumbnail; an audio-only answer, issue 39: an M4A of
 * AAC audio, no thumbnail, chosen by its `contentType`) → [longer than the clip: transcode again
 * with MediaConvert's input clipping ending at the clip] → transcribe (polled) → finalize (captions,
 * transcript paragraphs, statuses) → [with a transcript: summarise (issue 41), which never fails the
 * execution]. The clipped transcode runs only for a video known to be longer
 * than its limit, so its end timecode always lies within the input (MediaConvert refuses a clip
 * outside it); nearly every answer stops at its limit and is transcoded once. Any failing step ends
 * in RecordFailed, which stores the failed state on the media. A failed transcription alone leaves
 * the video playable.
 */
const sub = (name: string) => '${' + name + '}';
/** The object layout with States.Format's `{}` where the media id goes. */
const layout = mediaKeys('{}');
const bucketUri = (pathTemplate: string, arg: string) => `States.Format('s3://${sub('MediaBucket')}/${pathTemplate}', ${arg})`;

const retryLambda = [
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
];
const catchToFailure = [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordFailed' }];

/**
 * Every task state's timeout, explicit (issue 43): without one, Step Functions in AWS waits as long as
 * the execution may run, while the ASL's default (which the local runner applies) is 60 s, too short
 * for a long answer's transcode. A service job's timeout fits the longest answer the product takes
 * (an hour with time limits off, UNLIMITED_ANSWER_SECONDS) transcoded at a quarter of real time or
 * slower, and the time a job may wait in the service's queue; a Lambda task's is its function's
 * timeout and a minute for the invoke itself. Measured locally (ffmpeg with the stand-in's command, 2
 * cores, load average about 15): 1.5 s a second of 720p answer (0.56 s of CPU), so the hour takes about
 * 1.5 h of the 4; the local jobs' processes may run as long as their states (lib/local/media-tasks.ts).
 *
 * No HeartbeatSeconds: a heartbeat is sent with SendTaskHeartbeat by an activity worker or a callback
 * (.waitForTaskToken) task's worker. MediaConvert's createJob.sync is polled by Step Functions itself,
 * Transcribe's calls are plain SDK calls and a Lambda invoke is request-response, so nothing would send
 * one and every long job would fail with States.HeartbeatTimeout; and the local runner
 * (aws-local-stepfunctions) only validates the field, it never enforces it. A heartbeat would need
 * the transcode rebuilt as a callback task in both (a function starting the job, MediaConvert's job
 * events answering with the token) for little: a job that stops is already ended by its timeout.
 */
export const TASK_TIMEOUT_SECONDS = {
  transcode: 4 * UNLIMITED_ANSWER_SECONDS,
  startTranscription: 4 * UNLIMITED_ANSWER_SECONDS,
  checkTranscript: 5 * 60,
  lambda: (task: keyof typeof pipelineTasks) => pipelineTasks[task].timeoutSeconds + 60,
} as const;

const lambdaTask = (task: keyof typeof pipelineTasks, payload: Record<string, unknown>, rest: Record<string, unknown>) => ({
  Type: 'Task',
  Resource: 'arn:aws:states:::lambda:invoke',
  Parameters: { FunctionName: sub(pipelineTasks[task].substitution), Payload: payload },
  ResultSelector: { 'Payload.$': '$.Payload' },
  TimeoutSeconds: TASK_TIMEOUT_SECONDS.lambda(task),
  Retry: retryLambda,
  ...rest,
});

/** Where the transcoded duration is in MediaConvert's job (and the local transcoder's). */
const transcodedDuration = '$.transcode.Job.OutputGroupDetails[0].OutputDetails[0].DurationInMs';

const aacAudio = [
  {
    AudioSourceName: 'Audio Selector 1',
    CodecSettings: { Codec: 'AAC', AacSettings: { Bitrate: 128000, CodingMode: 'CODING_MODE_2_0', SampleRate: 48000 } },
  },
];

/** The job's input: the upload, with `clipped` only up to the clip's end timecode (zero-based, so the timecode is the time into the media). */
const mediaConvertInput = (clipped: boolean, video: boolean) => ({
  'FileInput.$': bucketUri('{}', '$.key'),
  AudioSelectors: { 'Audio Selector 1': { DefaultSelection: 'DEFAULT' } },
  ...(video ? { VideoSelector: {} } : {}),
  TimecodeSource: 'ZEROBASED',
  ...(clipped ? { InputClippings: [{ 'EndTimecode.$': '$.clip.endTimecode' }] } : {}),
});

/**
 * An audio-only answer's job (issue 39): one audio-only output, AAC in a progressive-download MP4
 * named `.m4a` (MediaConvert's audio-only outputs take MP4 with AAC; its audio-only inputs include
 * Matroska/WebM with Opus, which Chromium and Firefox record, and MP4 with AAC, Safari's), no video
 * and no frame capture.
 */
const audioConvertSettings = (clipped: boolean) => ({
  TimecodeConfig: { Source: 'ZEROBASED' },
  Inputs: [mediaConvertInput(clipped, false)],
  OutputGroups: [
    {
      Name: 'Web Audio',
      OutputGroupSettings: { Type: 'FILE_GROUP_SETTINGS', FileGroupSettings: { 'Destination.$': bucketUri(layout.audioDestination, '$.mediaId') } },
      Outputs: [
        {
          Extension: 'm4a',
          ContainerSettings: { Container: 'MP4', Mp4Settings: { MoovPlacement: 'PROGRESSIVE_DOWNLOAD' } },
          AudioDescriptions: aacAudio,
        },
      ],
    },
  ],
});

/**
 * MediaConvert job settings: one progressive-download MP4 (H.264/AAC) and one frame capture; with
 * `clipped`, only the input up to the clip's end timecode (zero-based, so the timecode is the time
 * into the video).
 */
const mediaConvertSettings = (clipped: boolean) => ({
  TimecodeConfig: { Source: 'ZEROBASED' },
  Inputs: [mediaConvertInput(clipped, true)],
  OutputGroups: [
    {
      Name: 'Web MP4',
      OutputGroupSettings: { Type: 'FILE_GROUP_SETTINGS', FileGroupSettings: { 'Destination.$': bucketUri(layout.videoDestination, '$.mediaId') } },
      Outputs: [
        {
          ContainerSettings: { Container: 'MP4', Mp4Settings: { MoovPlacement: 'PROGRESSIVE_DOWNLOAD' } },
          VideoDescription: {
            CodecSettings: {
              Codec: 'H_264',
              H264Settings: {
                RateControlMode: 'QVBR',
                QvbrSettings: { QvbrQualityLevel: 7 },
                MaxBitrate: 3000000,
                SceneChangeDetect: 'TRANSITION_DETECTION',
              },
            },
          },
          AudioDescriptions: aacAudio,
        },
      ],
    },
    {
      Name: 'Thumbnail',
      OutputGroupSettings: {
        Type: 'FILE_GROUP_SETTINGS',
        FileGroupSettings: { 'Destination.$': bucketUri(layout.thumbnailDestination, '$.mediaId') },
      },
      Outputs: [
        {
          ContainerSettings: { Container: 'RAW' },
          VideoDescription: {
            CodecSettings: {
              Codec: 'FRAME_CAPTURE',
              FrameCaptureSettings: { FramerateNumerator: 1, FramerateDenominator: 1, MaxCaptures: 1, Quality: 80 },
            },
          },
        },
      ],
    },
  ],
});

/** A Pass state recording what the transcode makes (`$.output`: its key and type) before it runs. */
const playableOutput = (keyTemplate: string, contentType: string, next: string) => ({
  Type: 'Pass',
  Parameters: { 'key.$': `States.Format('${keyTemplate}', $.mediaId)`, contentType },
  ResultPath: '$.output',
  Next: next,
});

const transcodeState = (clipped: boolean, audio = false) => ({
  Type: 'Task',
  Resource: 'arn:aws:states:::mediaconvert:createJob.sync',
  Parameters: {
    Role: sub('MediaConvertRoleArn'),
    UserMetadata: { 'mediaId.$': '$.mediaId' },
    Settings: audio ? audioConvertSettings(clipped) : mediaConvertSettings(clipped),
  },
  TimeoutSeconds: TASK_TIMEOUT_SECONDS.transcode,
  ResultPath: '$.transcode',
  Retry: [
    {
      ErrorEquals: ['States.Timeout', 'MediaConvert.TooManyRequestsException', 'MediaConvert.InternalServerErrorException'],
      IntervalSeconds: 5,
      MaxAttempts: 3,
      BackoffRate: 2,
    },
  ],
  Catch: catchToFailure,
  Next: clipped ? 'StartTranscription' : 'ClipWanted',
});

export const mediaPipelineDefinition = {
  Comment: 'Media processing: probe → transcode → transcribe → finalize, with one failure path',
  StartAt: 'MarkProcessing',
  States: {
    MarkProcessing: lambdaTask(
      'setMediaStatus',
      { 'mediaId.$': '$.mediaId', status: 'processing' },
      { ResultPath: null, Next: 'Probe', Catch: catchToFailure },
    ),
    Probe: lambdaTask(
      'probeMedia',
      { 'mediaId.$': '$.mediaId', 'key.$': '$.key', 'contentType.$': '$.contentType' },
      { ResultPath: '$.probe', Next: 'MediaKind', Catch: catchToFailure },
    ),
    // An audio-only answer (issue 39) is made an audio file; anything else a video (MP4 and thumbnail).
    MediaKind: {
      Type: 'Choice',
      Choices: [{ Variable: '$.contentType', StringMatches: 'audio/*', Next: 'AudioOutput' }],
      Default: 'VideoOutput',
    },
    // What plays once it is ready, which the transcription reads and the media records (Finalize).
    VideoOutput: playableOutput(layout.video, 'video/mp4', 'Transcode'),
    AudioOutput: playableOutput(layout.audio, AUDIO_OUTPUT_CONTENT_TYPE, 'TranscodeAudio'),
    Transcode: transcodeState(false),
    TranscodeAudio: transcodeState(false, true),
    // A video with a limit (a candidate's answer), and a duration to hold it to?
    ClipWanted: {
      Type: 'Choice',
      Choices: [
        {
          And: [
            { Variable: '$.clip', IsPresent: true },
            { Variable: transcodedDuration, IsPresent: true },
          ],
          Next: 'ClipNeeded',
        },
      ],
      Default: 'StartTranscription',
    },
    // Longer than its limit (an uploaded file, a recorder that did not stop): transcoded again, cut at the limit.
    ClipNeeded: {
      Type: 'Choice',
      Choices: [
        {
          And: [
            { Variable: transcodedDuration, NumericGreaterThanPath: '$.clip.maxMillis' },
            { Variable: '$.contentType', StringMatches: 'audio/*' },
          ],
          Next: 'TranscodeAudioClipped',
        },
        { Variable: transcodedDuration, NumericGreaterThanPath: '$.clip.maxMillis', Next: 'TranscodeClipped' },
      ],
      Default: 'StartTranscription',
    },
    TranscodeClipped: transcodeState(true),
    TranscodeAudioClipped: transcodeState(true, true),
    StartTranscription: {
      Type: 'Task',
      Resource: 'arn:aws:states:::aws-sdk:transcribe:startTranscriptionJob',
      Parameters: {
        'TranscriptionJobName.$': '$$.Execution.Name',
        LanguageCode: 'en-US',
        Media: { 'MediaFileUri.$': bucketUri('{}', '$.output.key') },
        OutputBucketName: sub('MediaBucket'),
        'OutputKey.$': `States.Format('${layout.transcriptSource}', $.mediaId)`,
      },
      TimeoutSeconds: TASK_TIMEOUT_SECONDS.startTranscription,
      ResultPath: '$.transcription',
      Retry: [
        {
          ErrorEquals: ['Transcribe.LimitExceededException', 'Transcribe.InternalFailureException', 'States.Timeout'],
          IntervalSeconds: 5,
          MaxAttempts: 4,
          BackoffRate: 2,
        },
      ],
      Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.transcriptionError', Next: 'NoTranscript' }],
      Next: 'WaitForTranscript',
    },
    WaitForTranscript: { Type: 'Wait', Seconds: 10, Next: 'CheckTranscript' },
    CheckTranscript: {
      Type: 'Task',
      Resource: 'arn:aws:states:::aws-sdk:transcribe:getTranscriptionJob',
      Parameters: { 'TranscriptionJobName.$': '$$.Execution.Name' },
      TimeoutSeconds: TASK_TIMEOUT_SECONDS.checkTranscript,
      ResultPath: '$.transcription',
      Retry: [{ ErrorEquals: ['States.ALL'], IntervalSeconds: 5, MaxAttempts: 3, BackoffRate: 2 }],
      Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.transcriptionError', Next: 'NoTranscript' }],
      Next: 'TranscriptDone',
    },
    TranscriptDone: {
      Type: 'Choice',
      Choices: [
        { Variable: '$.transcription.TranscriptionJob.TranscriptionJobStatus', StringEquals: 'COMPLETED', Next: 'WithTranscript' },
        { Variable: '$.transcription.TranscriptionJob.TranscriptionJobStatus', StringEquals: 'FAILED', Next: 'NoTranscript' },
      ],
      Default: 'WaitForTranscript',
    },
    WithTranscript: { Type: 'Pass', Result: true, ResultPath: '$.hasTranscript', Next: 'Finalize' },
    NoTranscript: { Type: 'Pass', Result: false, ResultPath: '$.hasTranscript', Next: 'Finalize' },
    Finalize: lambdaTask(
      'finalizeMedia',
      {
        'mediaId.$': '$.mediaId',
        'transcode.$': '$.transcode',
        'output.$': '$.output',
        'hasTranscript.$': '$.hasTranscript',
        // For the pipeline-seconds metric.
        'startedAt.$': '$$.Execution.StartTime',
      },
      { ResultPath: '$.finalize', Next: 'SummaryWanted', Catch: catchToFailure },
    ),
    // Issue 41: a transcribed answer is summarised (when its company has summaries on: the task decides).
    SummaryWanted: {
      Type: 'Choice',
      Choices: [{ Variable: '$.hasTranscript', BooleanEquals: true, Next: 'Summarise' }],
      Default: 'Done',
    },
    // The answer is ready already: whatever happens here, the execution succeeds. A failed Converse call is
    // stored as unavailable by the task itself; a failure of the task (after the retries) is recorded by
    // SummaryUnavailable, and a failure of that one too ends in Done all the same.
    Summarise: lambdaTask(
      'summariseAnswer',
      { 'mediaId.$': '$.mediaId', 'transcriptVersion.$': '$$.Execution.Name' },
      { ResultPath: '$.summary', Next: 'Done', Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.summaryError', Next: 'SummaryUnavailable' }] },
    ),
    SummaryUnavailable: lambdaTask(
      'summariseAnswer',
      { 'mediaId.$': '$.mediaId', 'transcriptVersion.$': '$$.Execution.Name', failed: true },
      { ResultPath: null, Next: 'Done', Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.summaryError', Next: 'Done' }] },
    ),
    RecordFailed: lambdaTask(
      'setMediaStatus',
      { 'mediaId.$': '$.mediaId', status: 'failed', 'error.$': '$.error' },
      { ResultPath: null, Next: 'Failed' },
    ),
    Failed: { Type: 'Fail', Error: 'MediaProcessingFailed', Cause: 'A pipeline step failed; the media is marked failed.' },
    Done: { Type: 'Succeed' },
  },
} as const;

export const mediaPipelineStateMachineName = (stage: string): string => `${stage}-media-pipeline`;
