import * as z from 'zod/mini';
import { IVS_RECORDING_EVENT } from './live-recording';

/** The schemas of live recording (issue 30): the event IVS sends, and the offer the browser sends. */
export const ivsRecordingEventSchema = z.object({
  source: z.literal(IVS_RECORDING_EVENT.source),
  'detail-type': z.literal(IVS_RECORDING_EVENT.detailType),
  /** The stage's ARN first. */
  resources: z.array(z.string()).check(z.minLength(1)),
  detail: z.object({
    event_name: z.string(),
    session_id: z.string(),
    participant_id: z.string(),
    recording_s3_bucket_name: z.string(),
    recording_s3_key_prefix: z.string(),
  }),
});

/** A WebRTC session description as the browser sends it (a WHIP offer): lines of printable ASCII, as browsers write them. */
export const sdpSchema = z
  .string()
  .check(
    z.minLength(20, 'Not a session description.'),
    z.maxLength(20_000),
    z.startsWith('v=0', 'Not a session description.'),
    z.regex(/^[\t\r\n\x20-\x7e]*$/, 'Not a session description.'),
  );
