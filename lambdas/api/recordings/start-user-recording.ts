import * as operations from '../../operations/recordings';
import { startUserRecording } from '../../app/recording/live';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** The caller's WebRTC offer goes to their recording's stage over WHIP; its answer comes back. */
export const handler = defineHandlerAlongsideAuth(operations.startUserRecording, async ({ params, body, session, log }) =>
  startUserRecording(session, params.recordingId, body.offer, log),
);
