import * as operations from '../../operations/recordings';
import { stopAnswerRecording } from '../../app/recording/live';
import { defineHandler } from '../../platform/http';

/** Ends a live take's stream and waits a few seconds for its recording. */
export const handler = defineHandler(operations.stopAnswerRecording, async ({ params, log }) =>
  stopAnswerRecording(params.token, params.recordingId, log),
);
