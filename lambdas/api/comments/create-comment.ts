import * as operations from '../../operations/comments';
import { commentOnCandidate } from '../../app/review/comments';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.createComment, async ({ params, body, session, log }) =>
  commentOnCandidate(params.candidateId, body, session, log),
);
