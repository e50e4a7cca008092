import * as operations from '../../operations/candidates';
import { setCandidateTiming } from '../../app/review/timing';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** Sets a candidate's timing adjustment (time limits off, more time, extra retakes) and answers their request. */
export const handler = defineHandlerAlongsideAuth(operations.setCandidateTiming, async ({ params, body, session, log }) =>
  setCandidateTiming(params.candidateId, session, body, log),
);
