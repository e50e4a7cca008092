/**
 * Live recording (spec §3 "Live recording", §7 Media, §9 Recorder): when the browser cannot record,
 * the candidate's camera is streamed to an Amazon IVS real-time stage with individual participant
 * recording, and what IVS writes to the media bucket becomes the answer's video. Defined once for
 * the API, the event handler, CDK, the local stand-ins and the SPA (zod-free, so the candidate's app
 * carries no schemas: those are in live-recording-schemas.ts).
 */

/** How long the publish-only participant token is valid (IVS counts it in minutes). */
export const SPACE_TOKEN_MINUTES = 20;
/** A dropped connection may come back within this window and the recording continues (IVS recordingReconnectWindowSeconds). */
export const RECONNECT_WINDOW_SECONDS = 20;
/** A live recording is stopped at the question's answer time plus this grace. */
export const LIVE_GRACE_SECONDS = 5;
/** A team member's live-recorded video (intro, question, outro) is stopped at this length. */
export const TEAM_VIDEO_MAX_SECONDS = 600;
/** What a joined live recording is: fragmented MP4 (H.264 and AAC, as IVS records). */
export const LIVE_CONTENT_TYPE = 'video/mp4';
/** How long `stop` waits for the recording to be written before leaving it to the Recording End event. */
export const STOP_WAIT_SECONDS = 8;

export const LIVE_RECORDING_STATUSES = ['created', 'live', 'stopped', 'assembled', 'failed'] as const;
export type LiveRecordingStatus = (typeof LIVE_RECORDING_STATUSES)[number];

/** The recording's files under the participant's prefix, as IVS individual participant recording writes them. */
export const ivsRecordingLayout = {
  multivariantPlaylist: 'media/hls/multivariant.m3u8',
  recordingEnded: 'events/recording-ended.json',
  recordingStarted: 'events/recording-started.json',
} as const;

/** The EventBridge event IVS sends when a participant's recording ends and its last files are in S3. */
export const IVS_RECORDING_EVENT = {
  source: 'aws.ivs',
  detailType: 'IVS Participant Recording State Change',
  recordingEnd: 'Recording End',
  recordingEndFailure: 'Recording End Failure',
} as const;

/** A stage's id, the last part of its ARN (arn:aws:ivs:us-east-1:123456789012:stage/AbCdef1G2hij); it is the recording's id. */
export const stageIdOf = (stageArn: string): string => stageArn.slice(stageArn.lastIndexOf('/') + 1);
