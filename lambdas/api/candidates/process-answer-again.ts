import * as operations from '../../operations/candidates';
import { processAnswerAgain } from '../../app/media/process-again';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** "Process again" (issue 37): a failed answer's video through the media pipeline again, by a member who can see the candidate. */
export const handler = defineHandlerAlongsideAuth(operations.processAnswerAgain, async ({ params, session, log }) =>
  processAnswerAgain(params.answerId, session, log),
);
