import * as z from 'zod/mini';
import { multiLineText, singleLineText, urlSafeIdSchema } from './common';
import { KNOCKOUT_ACTIONS, type AnswerType } from './vocabulary';
import { FILE_ANSWER_MAX_BYTES, FILE_TOO_LARGE_MESSAGE } from './media-types';

/**
 * What a question asks for (issue 39), as the team sets it in the wizard and the interview editor,
 * and the rules the server holds answers to. A question without an `answer` asks for a video (the
 * spec's behaviour; positions and candidates from before answer types read so).
 */
export const TEXT_ANSWER_MAX_CHARS = 10_000;
/** The most words a text question's limits may name (a page of writing). */
export const TEXT_WORD_LIMIT_MAX = 1_500;
export const CHOICE_OPTIONS_MIN = 2;
export const CHOICE_OPTIONS_MAX = 20;
export const CHOICE_LABEL_MAX = 200;
export const KNOCKOUT_MESSAGE_MAX = 500;
export const FILE_NAME_MAX = 200;
export { FILE_ANSWER_MAX_BYTES };

export const DEFAULT_KNOCKOUT_MESSAGE =
  'Thank you for your time. Based on your answer, this position is not the right fit at the moment, so the interview ends here. The team has your answers.';

const wordLimit = z.nullable(
  z.int().check(z.minimum(1, 'A word limit is at least 1.'), z.maximum(TEXT_WORD_LIMIT_MAX, `A word limit is at most ${TEXT_WORD_LIMIT_MAX}.`)),
);

export const choiceOptionSchema = z.object({
  /** Made by the editor; unique within the question (answers name the options they picked by it). */
  optionId: urlSafeIdSchema(1, 32, 'Not a valid option id.'),
  label: singleLineText(z.trim(), z.minLength(1, 'Every option needs a label.'), z.maxLength(CHOICE_LABEL_MAX, `An option has at most ${CHOICE_LABEL_MAX} characters.`)),
  /** Picking it knocks the candidate out (the position's `knockout.action` says what that does). */
  knockout: z._default(z.boolean(), false),
});

const distinct = (options: { optionId: string; label: string }[]) =>
  new Set(options.map((o) => o.optionId)).size === options.length;
const distinctLabels = (options: { label: string }[]) => new Set(options.map((o) => o.label.toLowerCase())).size === options.length;

const optionsSchema = z
  .array(choiceOptionSchema)
  .check(
    z.minLength(CHOICE_OPTIONS_MIN, `Give at least ${CHOICE_OPTIONS_MIN} options.`),
    z.maxLength(CHOICE_OPTIONS_MAX, `Give at most ${CHOICE_OPTIONS_MAX} options.`),
    z.refine(distinct, 'Two options have the same id.'),
    z.refine(distinctLabels, 'Two options have the same label.'),
  );

const picks = z.int().check(z.minimum(1, 'At least 1.'), z.maximum(CHOICE_OPTIONS_MAX));

export const answerSpecSchema = z.discriminatedUnion('answerType', [
  z.object({ answerType: z.literal('video') }),
  z.object({ answerType: z.literal('audio') }),
  z
    .object({ answerType: z.literal('text'), minWords: z._default(wordLimit, null), maxWords: z._default(wordLimit, null) })
    .check(
      z.refine((t) => t.minWords === null || t.maxWords === null || t.minWords <= t.maxWords, {
        message: 'The minimum number of words is more than the maximum.',
        path: ['minWords'],
      }),
    ),
  z.object({ answerType: z.literal('single_choice'), options: optionsSchema }),
  z
    .object({
      answerType: z.literal('multiple_choice'),
      options: optionsSchema,
      /** How many options the candidate must pick at least (1 by default) and may pick at most (null: any number). */
      minPicked: z._default(picks, 1),
      maxPicked: z._default(z.nullable(picks), null),
    })
    .check(
      z.refine((c) => c.maxPicked === null || c.minPicked <= c.maxPicked, {
        message: 'The minimum to pick is more than the maximum.',
        path: ['minPicked'],
      }),
      z.refine((c) => c.minPicked <= c.options.length, { message: 'The minimum to pick is more than there are options.', path: ['minPicked'] }),
    ),
  z.object({ answerType: z.literal('file') }),
]);
export type AnswerSpec = z.infer<typeof answerSpecSchema>;
export type ChoiceOption = z.infer<typeof choiceOptionSchema>;
export const VIDEO_ANSWER: AnswerSpec = { answerType: 'video' };

/** Whether an answer is recorded through the recorder (video or audio only) and processed by the media pipeline. */
export const isRecordedAnswer = (answerType: AnswerType) => answerType === 'video' || answerType === 'audio';

/** The position's knockout rule: what a knockout option does, and the message a candidate it ends the interview for reads. */
export const knockoutSettingsSchema = z.object({
  action: z.enum(KNOCKOUT_ACTIONS),
  message: multiLineText(z.trim(), z.maxLength(KNOCKOUT_MESSAGE_MAX, `The message has at most ${KNOCKOUT_MESSAGE_MAX} characters.`)),
});
export type KnockoutSettings = z.infer<typeof knockoutSettingsSchema>;
export const DEFAULT_KNOCKOUT: KnockoutSettings = { action: 'flag', message: DEFAULT_KNOCKOUT_MESSAGE };

/**
 * A question's answer as the candidate sees it: the same, minus which options knock out (a
 * candidate is never shown the wrong answer).
 */
export const candidateAnswerSpecSchema = z.discriminatedUnion('answerType', [
  z.object({ answerType: z.literal('video') }),
  z.object({ answerType: z.literal('audio') }),
  z.object({ answerType: z.literal('text'), minWords: z.nullable(z.int()), maxWords: z.nullable(z.int()) }),
  z.object({ answerType: z.literal('single_choice'), options: z.array(z.object({ optionId: z.string(), label: z.string() })) }),
  z.object({
    answerType: z.literal('multiple_choice'),
    options: z.array(z.object({ optionId: z.string(), label: z.string() })),
    minPicked: z.int(),
    maxPicked: z.nullable(z.int()),
  }),
  z.object({ answerType: z.literal('file'), maxBytes: z.int(), contentTypes: z.array(z.string()) }),
]);

/** A typed answer the candidate submits: the text of a text question, or the options picked of a choice question. */
export const typedAnswerSchema = z.union([
  z.object({ text: multiLineText(z.maxLength(TEXT_ANSWER_MAX_CHARS, `An answer has at most ${TEXT_ANSWER_MAX_CHARS} characters.`)) }),
  z.object({ optionIds: z.array(urlSafeIdSchema(1, 32, 'Not a valid option id.')).check(z.maxLength(CHOICE_OPTIONS_MAX)) }),
]);

/** A text answer's draft, saved while the candidate types (a reload loses nothing). */
export const answerDraftSchema = z.object({
  text: multiLineText(z.maxLength(TEXT_ANSWER_MAX_CHARS, `An answer has at most ${TEXT_ANSWER_MAX_CHARS} characters.`)),
});

/** What a candidate who is about to upload a file answer says of it; the server reads the type from the bytes once it is up. */
export const fileAnswerStartSchema = z.object({
  fileName: singleLineText(z.trim(), z.minLength(1, 'The file needs a name.'), z.maxLength(FILE_NAME_MAX, `A file name has at most ${FILE_NAME_MAX} characters.`)),
  size: z.int().check(
    z.minimum(1, 'Empty file encountered'),
    z.maximum(FILE_ANSWER_MAX_BYTES, FILE_TOO_LARGE_MESSAGE),
  ),
});

/** Why a candidate was knocked out, as the team sees it (the candidate summary, the list, the CSV). */
export const knockoutRecordSchema = z.object({
  questionIndex: z.int(),
  /** The knockout options they picked, by label as the question had them. */
  optionLabels: z.array(z.string()),
  /** Whether the knockout ended their interview (the position's action was `end`). */
  ended: z.boolean(),
  at: z.string(),
});
export type KnockoutRecord = z.infer<typeof knockoutRecordSchema>;
