import type * as z from 'zod/mini';
import type { answerMatchSchema } from '../../../lambdas/contracts/answer-search';
import type { searchAnswers } from '../../../lambdas/operations/search';
import { apiPath } from './client';
import { usePagedApi } from './use-api';

/** "Find in answers" (issue 27): an answer that says the words searched for, the sentence and when. */
export type AnswerMatch = z.infer<typeof answerMatchSchema>;
export type AnswerMatchPage = z.infer<typeof searchAnswers.response>;

/** The position's answers that say `text`, page by page ("Load more" asks for the page after the cursor); nothing without a text. */
export const useAnswerSearch = (positionId: string, text: string | null) =>
  usePagedApi((previous: AnswerMatchPage | null) =>
    !text || (previous && !previous.cursor)
      ? null
      : apiPath('searchAnswers', { positionId }, previous?.cursor ? { text, cursor: previous.cursor } : { text }),
  );
