import * as operations from '../../operations/recordings';
import { startAnswerRecording } from '../../app/recording/live';
import { defineHandler } from '../../platform/http';

/** The browser's WebRTC offer goes to the stage over WHIP; its answer comes back. */
export const handler = defineHandler(operations.startAnswerRecording, async ({ params, body, log }) =>
  startAnswerRecording(params.token, params.recordingId, body.offer, log),
);
