import * as operations from '../../operations/audit';
import { recordAnswerPlay } from '../../app/audit/plays';
import { defineHandlerAlongsideAuth, Reply } from '../../platform/http';

/** The member started playing an answer: recorded in the company's audit log. */
export const handler = defineHandlerAlongsideAuth(operations.recordAnswerPlay, async ({ params, session }) => {
  await recordAnswerPlay(params.answerId, session);
  return new Reply(204, undefined);
});
