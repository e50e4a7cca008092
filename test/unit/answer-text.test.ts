import { describe, expect, it } from 'vitest';
import type { AnswerSpec } from '../../lambdas/contracts/answer-types';
import { answerInWords, knockoutInWords, pickedLabels } from '../../lambdas/domain/answer-text';
import { resultNote } from '../../lambdas/domain/integrations';
import { fileEntryName, packageContents, packageIndex } from '../../lambdas/app/review/answer-package-contents';
import { MAX_SENTENCE_WORDS, writtenIndex, writtenSentences } from '../../lambdas/domain/transcript-search';

const choice: AnswerSpec = {
  answerType: 'multiple_choice',
  options: [
    { optionId: 'a', label: 'Alpha', knockout: false },
    { optionId: 'b', label: 'Beta', knockout: true },
    { optionId: 'c', label: 'Gamma', knockout: false },
  ],
  minPicked: 1,
  maxPicked: null,
};

describe('answers in words (issue 39)', () => {
  it('gives a text as written, the options picked in the question order with knockouts marked, a file by name, a recording by kind', () => {
    expect(answerInWords({ answerType: 'text', minWords: null, maxWords: null }, { answerType: 'text', text: '<b>Hi</b>\nthere' })).toBe('<b>Hi</b>\nthere');
    expect(answerInWords(choice, { answerType: 'multiple_choice', optionIds: ['c', 'b'] })).toBe('Beta (knockout); Gamma');
    expect(pickedLabels(choice, ['gone', 'a'])).toEqual(['Alpha', 'gone']);
    expect(answerInWords({ answerType: 'file' }, { answerType: 'file', fileName: 'cv.pdf' })).toBe('cv.pdf');
    expect(answerInWords({ answerType: 'audio' }, { answerType: 'audio' })).toBe('Audio answer');
    expect(answerInWords(undefined, { answerType: 'video' })).toBe('Video answer');
  });

  it('says why a knockout stopped a candidate', () => {
    expect(knockoutInWords({ questionIndex: 1, optionLabels: ['Beta'], ended: true, at: '' }, 'Pick some')).toBe(
      'Question 2 (Pick some): Beta. The interview ended there.',
    );
    expect(knockoutInWords({ questionIndex: 0, optionLabels: ['No', 'Never'], ended: false, at: '' })).toBe('Question 1: No; Never. Flagged for the team.');
  });

  it("writes the answers and the knockout into a response's ATS note, and nothing more into the others", () => {
    const answers = { answers: [{ questionIndex: 0, title: 'Why?', words: 'Because.' }, { questionIndex: 1, title: '', words: 'Video answer' }], knockout: 'Question 1: No.' };
    expect(resultNote('responded', 'Ada', 'Cook', 'https://x/a', answers)).toBe(
      'Ada completed the video interview for Cook.\nKnocked out: Question 1: No.\n\nAnswers:\n1. Why?\nBecause.\n2. Question 2\nVideo answer\n\nWatch the answers: https://x/a',
    );
    expect(resultNote('rejected', 'Ada', 'Cook', 'https://x/a')).toBe('Ada was not taken forward after the video interview for Cook.\nWatch the answers: https://x/a');
  });
});

describe('written answers in Find in answers (issue 39)', () => {
  it('cuts a text into sentences at sentence ends, line breaks and the word limit, without moments', () => {
    const long = Array.from({ length: MAX_SENTENCE_WORDS + 2 }, (_, i) => `w${i}`).join(' ');
    expect(writtenSentences('First one.  Second?\nThird line\n\n' + long).map((s) => s.text)).toEqual([
      'First one.',
      'Second?',
      'Third line',
      long.split(' ').slice(0, MAX_SENTENCE_WORDS).join(' '),
      long.split(' ').slice(MAX_SENTENCE_WORDS).join(' '),
    ]);
    expect(writtenSentences('Hi there.')).toEqual([{ startMillis: 0, text: 'Hi there.', wordMillis: [] }]);
    expect(writtenIndex('The kitchen. A kitchen manager.').map((e) => [e.token, e.sentences.map((s) => s.text)])).toEqual([
      ['kitchen', ['The kitchen.', 'A kitchen manager.']],
      ['manager', ['A kitchen manager.']],
    ]);
  });
});

describe('the answer package of every answer type (issue 39)', () => {
  it('names a file by its question and its name made safe, with the extension of the type its bytes are', () => {
    expect(fileEntryName(2, 'Mon CV (final).PNG', 'application/pdf')).toBe('03-Mon-CV-final.pdf');
    expect(fileEntryName(0, '../../etc/passwd.sh', 'image/jpeg')).toBe('01-passwd.jpg');
    expect(fileEntryName(1, 'C:\\Users\\me\\cv.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('02-cv.docx');
    expect(fileEntryName(9, '', 'image/png')).toBe('10-file.png');
  });

  it('keeps typed answers (no media) apart, always in the package, and indexes every question', () => {
    const answers = [
      { answerId: 't', questionIndex: 0, answerType: 'text' as const, mediaId: null },
      { answerId: 'c', questionIndex: 1, answerType: 'multiple_choice' as const },
      { answerId: 'f', questionIndex: 2, answerType: 'file' as const, mediaId: 'm2' },
    ];
    const { included, typed, leftOut } = packageContents(answers, new Map([['m2', { uploadStatus: 'failed' as const, variants: [] }]]));
    expect([included, typed.map((a) => a.answerId), leftOut]).toEqual([[], ['t', 'c'], [{ answerId: 'f', questionIndex: 2 }]]);
    const index = packageIndex(
      [
        { title: 'Write', answer: { answerType: 'text', minWords: null, maxWords: null } },
        { title: 'Pick', answer: choice },
        { title: '', answer: { answerType: 'file' } },
        { title: 'Never', answer: { answerType: 'video' } },
      ],
      [
        { questionIndex: 0, answerType: 'text', text: 'Hello' },
        { questionIndex: 1, answerType: 'multiple_choice', optionIds: ['a', 'b'] },
        { questionIndex: 2, answerType: 'file', fileName: 'cv.pdf' },
      ],
      new Map([[0, '01-Write.txt']]),
      leftOut,
    );
    expect(index).toBe(
      'Question 1: Write\nIn the package: 01-Write.txt\n\nQuestion 2: Pick\nAnswer: Alpha; Beta (knockout)\n\nQuestion 3\nAnswer: cv.pdf\nLeft out: its processing failed.\n\nQuestion 4: Never\nNot answered.\n',
    );
  });
});
