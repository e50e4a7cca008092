import * as operations from '../../operations/candidates';
import { answerTranscripts } from '../../app/review/answers';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.getAnswerTranscripts, async ({ params, session }) =>
  answerTranscripts(params.candidateId, session),
);
