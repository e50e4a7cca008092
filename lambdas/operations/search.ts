import * as z from 'zod/mini';
import { answerMatchSchema } from '../contracts/answer-search';
import { SEARCH_MIN_CHARS } from '../contracts/candidate';
import { idSchema, singleLineText } from '../contracts/common';
import { defineOperation } from './operation';

export const searchAnswers = defineOperation({
  method: 'GET',
  path: '/positions/{positionId}/answer-search',
  auth: 'session',
  grants: ['table:read'],
  summary:
    "Find in answers (issue 27): the position's answers whose transcript says every word of `text` (at least 3 characters; a word matches the words it begins, case and accents aside), each with the sentence that says it and when it starts. A page is one Query of the position's transcript index and one BatchGetItem of the candidates found; `cursor` continues. Without `text`, no results.",
  params: z.object({ positionId: idSchema }),
  query: z.object({
    text: z.optional(
      singleLineText(z.trim(), z.minLength(SEARCH_MIN_CHARS, `Enter at least ${SEARCH_MIN_CHARS} characters to search.`), z.maxLength(100)),
    ),
    cursor: z.optional(z.string().check(z.maxLength(2048))),
  }),
  response: z.object({ answerMatches: z.array(answerMatchSchema), cursor: z.nullable(z.string()) }),
});
