import { faultRules, type FaultRule } from './rules';

/**
 * Fault rules for the pipeline's service jobs, which run locally as Step Functions task overrides
 * (lib/local/media-tasks.ts), not behind a proxy. Services `mediaconvert` (operation CreateJob)
 * and `transcribe` (StartTranscriptionJob, GetTranscriptionJob); `match` is looked for in the
 * task's input (the media id). Faults:
 * - `JobFailed`: the job ends as the real one does when it fails. MediaConvert's `createJob.sync`
 *   task fails with States.TaskFailed, the job (Status ERROR, an error code and message) as its
 *   cause; a Transcribe job is started, and getTranscriptionJob then reports it FAILED with a
 *   FailureReason.
 * - `Timeout`: the task fails with States.Timeout, as when it outlives its TimeoutSeconds.
 * - any other code: the task fails with the service's error as Step Functions names it
 *   (`MediaConvert.TooManyRequestsException`, `Transcribe.LimitExceededException`).
 */
type JobService = 'mediaconvert' | 'transcribe';
const serviceNames: Record<JobService, string> = { mediaconvert: 'MediaConvert', transcribe: 'Transcribe' };

/** Transcription jobs a rule failed: job name → FailureReason. */
const failedTranscriptions = new Map<string, string>();

const taskError = (name: string, message: string) => Object.assign(new Error(message), { name });

const failedJob = (service: JobService, operation: string, rule: FaultRule, input: Record<string, any>) => {
  if (service === 'mediaconvert') {
    const job = {
      Id: `local-${String(input.UserMetadata?.mediaId ?? 'job')}`,
      Status: 'ERROR',
      ErrorCode: 1010,
      ErrorMessage: rule.message ?? 'Unable to open input file: the input could not be read.',
      UserMetadata: input.UserMetadata ?? {},
    };
    throw taskError('States.TaskFailed', JSON.stringify({ Job: job }));
  }
  const name = String(input.TranscriptionJobName);
  const reason = rule.message ?? 'The media file could not be transcribed: no audio stream was found.';
  if (operation === 'StartTranscriptionJob') {
    failedTranscriptions.set(name, reason);
    return { TranscriptionJob: { TranscriptionJobName: name, TranscriptionJobStatus: 'IN_PROGRESS' } };
  }
  return { TranscriptionJob: { TranscriptionJobName: name, TranscriptionJobStatus: 'FAILED', FailureReason: reason } };
};

/** `run` (a local job's task override), unless a rule for `service` and `operation` fails it. */
export const withJobFaults =
  (service: JobService, operation: string, run: (input: unknown) => Promise<unknown>) =>
  async (raw: unknown): Promise<unknown> => {
    const input = (raw ?? {}) as Record<string, any>;
    const failedReason =
      service === 'transcribe' && operation === 'GetTranscriptionJob' ? failedTranscriptions.get(String(input.TranscriptionJobName)) : undefined;
    if (failedReason !== undefined) {
      return {
        TranscriptionJob: { TranscriptionJobName: input.TranscriptionJobName, TranscriptionJobStatus: 'FAILED', FailureReason: failedReason },
      };
    }
    const rule = faultRules.pick(service, operation, JSON.stringify(input));
    if (!rule) return run(raw);
    if (rule.fault === 'JobFailed') return failedJob(service, operation, rule, input);
    if (rule.fault === 'Timeout') throw taskError('States.Timeout', `The ${serviceNames[service]} task timed out.`);
    throw taskError(`${serviceNames[service]}.${rule.fault}`, rule.message ?? rule.fault);
  };
