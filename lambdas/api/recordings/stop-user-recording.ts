import * as operations from '../../operations/recordings';
import { stopUserRecording } from '../../app/recording/live';
import { defineHandler } from '../../platform/http';

/** Ends the caller's live recording and waits a few seconds for it; processing starts once it is joined. */
export const handler = defineHandler(operations.stopUserRecording, async ({ params, session, log }) =>
  stopUserRecording(session.userId, params.recordingId, log),
);
