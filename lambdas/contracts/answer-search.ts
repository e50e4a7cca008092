import * as z from 'zod/mini';

/** "Find in answers" (issue 27): a search result, an answer that says what was searched for, the sentence that says it and when. */
export const answerMatchSchema = z.object({
  candidateId: z.string(),
  candidateName: z.string(),
  answerId: z.string(),
  questionIndex: z.number(),
  /** The question's title as the candidate was asked it (null when it had none). */
  questionTitle: z.nullable(z.string()),
  /** When the first word found is said, from the start of the answer; null for a written answer (issue 39), which has no moment. */
  startMillis: z.nullable(z.number()),
  /** Whether the answer is written (a text answer, issue 39) rather than a transcript of a recording. */
  written: z.boolean(),
  sentence: z.string(),
  /** The words found, as character ranges of `sentence` (`end` exclusive), in order. */
  highlights: z.array(z.object({ start: z.number(), end: z.number() })),
});
