import * as operations from '../../operations/search';
import { searchAnswersPage } from '../../app/review/answer-search';
import { defineHandlerAlongsideAuth } from '../../platform/http';

/** "Find in answers": a page of the position's answers that say the words searched for. */
export const handler = defineHandlerAlongsideAuth(operations.searchAnswers, async ({ params, query, session }) =>
  searchAnswersPage(params.positionId, session, query),
);
