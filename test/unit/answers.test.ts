import { describe, expect, it } from 'vitest';
import { answerSpecSchema, type AnswerSpec } from '../../lambdas/contracts/answer-types';
import { choiceProblem, countWords, knockoutOf, textAnswerProblem } from '../../lambdas/domain/answers';

const spec = <T extends AnswerSpec['answerType']>(input: unknown) => answerSpecSchema.parse(input) as Extract<AnswerSpec, { answerType: T }>;
const text = (minWords: number | null, maxWords: number | null) => spec<'text'>({ answerType: 'text', minWords, maxWords });
const opts = [
  { optionId: 'a', label: 'Yes' },
  { optionId: 'b', label: 'No', knockout: true },
  { optionId: 'c', label: 'Maybe' },
  { optionId: 'd', label: 'Never', knockout: true },
];
const single = spec<'single_choice'>({ answerType: 'single_choice', options: opts });
const multiple = (minPicked: number, maxPicked: number | null) =>
  spec<'multiple_choice'>({ answerType: 'multiple_choice', options: opts, minPicked, maxPicked });

describe('countWords', () => {
  it('counts words, not punctuation or spaces', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n\t ')).toBe(0);
    expect(countWords('... — !!')).toBe(0);
    expect(countWords('Hello, world!')).toBe(2);
    expect(countWords("  I've   worked\nthere for 3 years.  ")).toBe(6);
  });
  it('is Unicode-aware', () => {
    expect(countWords('Grüße aus Köln')).toBe(3);
    expect(countWords('Привет мир')).toBe(2);
    expect(countWords('私は学生です')).toBeGreaterThan(1);
    expect(countWords('👍 👍')).toBe(0);
  });
});

describe('textAnswerProblem', () => {
  it('asks for an answer when blank', () => {
    expect(textAnswerProblem(text(null, null), '')).toBe('Write an answer.');
    expect(textAnswerProblem(text(null, null), '  \n ')).toBe('Write an answer.');
    expect(textAnswerProblem(text(null, null), '?!')).toBe('Write an answer.');
  });
  it('holds the word limits', () => {
    expect(textAnswerProblem(text(3, 5), 'one two')).toBe('Write at least 3 words.');
    expect(textAnswerProblem(text(3, 5), 'one two three')).toBeNull();
    expect(textAnswerProblem(text(3, 5), 'one two three four five')).toBeNull();
    expect(textAnswerProblem(text(3, 5), 'one two three four five six')).toBe('Write at most 5 words.');
    expect(textAnswerProblem(text(null, 1), 'one two')).toBe('Write at most 1 word.');
    expect(textAnswerProblem(text(null, null), 'one')).toBeNull();
  });
});

describe('choiceProblem', () => {
  it('refuses unknown and duplicate options', () => {
    expect(choiceProblem(single, ['z'])).toMatch(/not an option/);
    expect(choiceProblem(multiple(1, null), ['a', 'a'])).toBe('An option is chosen twice.');
  });
  it('takes exactly one option for a single choice', () => {
    expect(choiceProblem(single, [])).toBe('Choose one option.');
    expect(choiceProblem(single, ['a', 'c'])).toBe('Choose one option.');
    expect(choiceProblem(single, ['c'])).toBeNull();
  });
  it('holds min and max picked for a multiple choice', () => {
    expect(choiceProblem(multiple(1, null), [])).toBe('Choose at least 1 option.');
    expect(choiceProblem(multiple(2, 3), ['a'])).toBe('Choose at least 2 options.');
    expect(choiceProblem(multiple(2, 3), ['a', 'b'])).toBeNull();
    expect(choiceProblem(multiple(2, 3), ['a', 'b', 'c'])).toBeNull();
    expect(choiceProblem(multiple(2, 3), ['a', 'b', 'c', 'd'])).toBe('Choose at most 3 options.');
    expect(choiceProblem(multiple(1, null), ['a', 'b', 'c', 'd'])).toBeNull();
  });
});

describe('knockoutOf', () => {
  it('names the picked knockout options by label, in question order', () => {
    expect(knockoutOf(single, ['a'])).toEqual([]);
    expect(knockoutOf(single, ['b'])).toEqual(['No']);
    expect(knockoutOf(multiple(1, null), ['d', 'a', 'b'])).toEqual(['No', 'Never']);
  });
});
