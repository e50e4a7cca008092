import * as operations from '../../operations/comments';
import { editComment } from '../../app/review/comments';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.updateComment, async ({ params, body, session, log }) =>
  editComment(params.commentId, body, session, log),
);
