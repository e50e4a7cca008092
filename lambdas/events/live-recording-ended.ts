import '../contracts/zod-locale';
import { IVS_RECORDING_EVENT, stageIdOf } from '../contracts/live-recording';
import { ivsRecordingEventSchema } from '../contracts/live-recording-schemas';
import { failLiveRecording, finishLiveRecording } from '../app/recording/live';
import { liveRecordingsBucket } from '../adapters/live-recording';
import { logger, withLogContext } from '../platform/logger';

/**
 * EventBridge: IVS has finished writing a participant's recording (lambdas/event-rules.ts). The
 * stage is the recording; what was written becomes the take's video. Events are best-effort and may
 * repeat or come late: joining is idempotent, and `stop` joins a recording whose event has not come.
 */
export const handler = withLogContext('live-recording-ended', async (event: unknown) => {
  const parsed = ivsRecordingEventSchema.safeParse(event);
  if (!parsed.success) {
    logger.warn('not an IVS recording event', { issues: parsed.error.issues.length });
    return;
  }
  const { detail, resources } = parsed.data;
  const recordingId = stageIdOf(resources[0]!);
  const log = logger.child({ recordingId });
  if (detail.recording_s3_bucket_name !== liveRecordingsBucket()) {
    log.warn('IVS recorded into another bucket', { bucket: detail.recording_s3_bucket_name });
    return;
  }
  if (detail.event_name === IVS_RECORDING_EVENT.recordingEnd) await finishLiveRecording(recordingId, detail.recording_s3_key_prefix, log);
  else await failLiveRecording(recordingId, 'The live-recording service could not record the take.', log);
});
