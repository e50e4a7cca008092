import * as operations from '../../operations/comments';
import { listCandidateComments } from '../../app/review/comments';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.listComments, async ({ params, query, session }) =>
  listCandidateComments(params.candidateId, query.cursor, session),
);
