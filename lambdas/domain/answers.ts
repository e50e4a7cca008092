import type { AnswerSpec } from '../contracts/answer-types';
import type { ChoiceAnswerType } from '../contracts/vocabulary';
import { countWords, wordsText } from '../contracts/words';

/**
 * The rules typed answers are held to (issue 39): text answers by their word limits, choice answers
 * by their options and how many may be picked. Pure; the server and the SPA share them.
 */
type TextSpec = Extract<AnswerSpec, { answerType: 'text' }>;
type ChoiceSpec = Extract<AnswerSpec, { answerType: ChoiceAnswerType }>;

export { countWords };
const options = (n: number) => (n === 1 ? '1 option' : `${n} options`);

/** Why a text answer does not meet its question's limits, or null when it does. */
export const textAnswerProblem = (spec: TextSpec, text: string): string | null => {
  const count = countWords(text);
  if (text.trim() === '' || count === 0) return 'Write an answer.';
  if (spec.minWords !== null && count < spec.minWords) return `Write at least ${wordsText(spec.minWords)}.`;
  if (spec.maxWords !== null && count > spec.maxWords) return `Write at most ${wordsText(spec.maxWords)}.`;
  return null;
};

/** Why a choice answer does not fit its question, or null when it does. */
export const choiceProblem = (spec: ChoiceSpec, optionIds: readonly string[]): string | null => {
  const known = new Set(spec.options.map((o) => o.optionId));
  if (optionIds.some((id) => !known.has(id))) return 'One of the chosen options is not an option of this question.';
  if (new Set(optionIds).size !== optionIds.length) return 'An option is chosen twice.';
  if (spec.answerType === 'single_choice') return optionIds.length === 1 ? null : 'Choose one option.';
  if (optionIds.length < spec.minPicked) return `Choose at least ${options(spec.minPicked)}.`;
  if (spec.maxPicked !== null && optionIds.length > spec.maxPicked) return `Choose at most ${options(spec.maxPicked)}.`;
  return null;
};

/** The labels of the knockout options picked, in the question's order (empty: no knockout). */
export const knockoutOf = (spec: ChoiceSpec, optionIds: readonly string[]): string[] => {
  const picked = new Set(optionIds);
  return spec.options.filter((o) => o.knockout && picked.has(o.optionId)).map((o) => o.label);
};
