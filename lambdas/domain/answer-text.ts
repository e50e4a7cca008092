import type { AnswerSpec, KnockoutRecord } from '../contracts/answer-types';
import type { AnswerType } from '../contracts/vocabulary';

/**
 * Every answer in words (issue 39), pure: the one plain-text form of an answer that the CSV export,
 * the answer package's index and the ATS write-back note share. Plain text only: whoever puts it
 * into another format escapes it for that format (the SPA's CSV neutralises formulas, an ATS whose
 * notes are HTML escapes them in its adapter).
 */

/** An answer as the candidate item and its answer item record it (a text's words come from the answer item). */
export interface AnswerInForm {
  answerType: AnswerType;
  text?: string | null;
  optionIds?: readonly string[] | null;
  fileName?: string | null;
}

/** How a recorded answer is named where it cannot be played (its recording is in the product and the answer package). */
export const RECORDED_ANSWER_WORDS = { video: 'Video answer', audio: 'Audio answer' } as const;

/** Marks a knockout option among the labels picked. */
export const KNOCKOUT_MARK = ' (knockout)';

/** The labels of the options picked, in the question's order, a knockout marked (`Yes`, `No (knockout)`). */
export const pickedLabels = (spec: AnswerSpec | undefined, optionIds: readonly string[]): string[] => {
  const options = spec && 'options' in spec ? spec.options : [];
  const picked = new Set(optionIds);
  const known = options.filter((o) => picked.has(o.optionId)).map((o) => `${o.label}${o.knockout ? KNOCKOUT_MARK : ''}`);
  // An option the question no longer has (never the case for the candidate's own copy) is still counted.
  const unknown = optionIds.filter((id) => !options.some((o) => o.optionId === id));
  return [...known, ...unknown];
};

/** An answer as one plain text: a text as written, the options picked joined with "; ", a file by its name, a recording by its kind. */
export const answerInWords = (spec: AnswerSpec | undefined, answer: AnswerInForm): string => {
  switch (answer.answerType) {
    case 'video':
    case 'audio':
      return RECORDED_ANSWER_WORDS[answer.answerType];
    case 'text':
      return answer.text ?? '';
    case 'single_choice':
    case 'multiple_choice':
      return pickedLabels(spec, answer.optionIds ?? []).join('; ');
    case 'file':
      return answer.fileName ?? 'File';
  }
};

/** Why a candidate was knocked out, in one line: the question, the knockout options picked and what it did. */
export const knockoutInWords = (knockout: KnockoutRecord, questionTitle?: string | null): string =>
  `Question ${knockout.questionIndex + 1}${questionTitle ? ` (${questionTitle})` : ''}: ${knockout.optionLabels.join('; ')}. ${
    knockout.ended ? 'The interview ended there.' : 'Flagged for the team.'
  }`;
