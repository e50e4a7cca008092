import * as operations from '../../operations/comments';
import { mentionableMembersOf } from '../../app/review/comments';
import { defineHandlerAlongsideAuth } from '../../platform/http';

export const handler = defineHandlerAlongsideAuth(operations.listMentionableMembers, async ({ params, session }) =>
  mentionableMembersOf(params.candidateId, session),
);
