import * as operations from '../../operations/recordings';
import { stopUserRecording } from '../../app/recording/live';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** Ends the caller's live recording and waits a few seconds for it; processing starts once it is joined. */
export const handler = defineHandlerAlongsideAuth(operations.stopUserRecording, async ({ params, session, log }) =>
  stopUserRecording(session, params.recordingId, log),
);
