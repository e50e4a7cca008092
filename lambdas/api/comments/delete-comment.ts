import * as operations from '../../operations/comments';
import { deleteOwnComment } from '../../app/review/comments';
import { defineHandlerAlongsideAuth, Reply } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.deleteComment, async ({ params, session }) => {
  await deleteOwnComment(params.commentId, session);
  return new Reply(204, undefined);
});
