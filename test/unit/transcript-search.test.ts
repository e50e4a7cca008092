import { describe, expect, it } from 'vitest';
import type { TimedWord } from '../../lambdas/domain/media';
import {
  MAX_OCCURRENCES,
  MAX_SENTENCE_CHARS,
  MAX_SENTENCE_WORDS,
  matchSentence,
  momentOf,
  queryWords,
  searchKeyWord,
  sentencesOf,
  textWords,
  tokenRange,
  transcriptIndex,
} from '../../lambdas/domain/transcript-search';

/** Words said one after another, 0.3 s each, from `from` seconds. */
const said = (text: string, from = 0): TimedWord[] =>
  text.split(' ').map((content, i) => ({ content, start: from + i * 0.3, end: from + i * 0.3 + 0.25 }));

const highlighted = (sentence: string, words: string[]) =>
  matchSentence(words, sentence)?.map(({ start, end }) => sentence.slice(start, end)) ?? null;

describe('sentences of a transcript', () => {
  it('ends a sentence at its punctuation, at a pause and at a length, each with the time its first word is said', () => {
    const words = [...said('Hello there. I built a weather station'), ...said('for the school garden', 5)];
    expect(sentencesOf(words)).toEqual([
      { startMillis: 0, text: 'Hello there.', wordMillis: [0, 300] },
      { startMillis: 600, text: 'I built a weather station', wordMillis: [600, 900, 1200, 1500, 1800] },
      { startMillis: 5000, text: 'for the school garden', wordMillis: [5000, 5300, 5600, 5900] },
    ]);
    const long = said(Array.from({ length: MAX_SENTENCE_WORDS + 3 }, (_, i) => `w${i}`).join(' '));
    expect(sentencesOf(long).map((s) => s.text.split(' ').length)).toEqual([MAX_SENTENCE_WORDS, 3]);
  });

  it('cuts a very long sentence at a word, with an ellipsis', () => {
    const [sentence] = sentencesOf([{ content: 'supercalifragilistic '.repeat(20).trim(), start: 0, end: 1 }]);
    expect(sentence!.text.length).toBeLessThanOrEqual(MAX_SENTENCE_CHARS + 1);
    expect(sentence!.text.endsWith('…')).toBe(true);
  });
});

describe('the index of an answer', () => {
  it('has one entry per distinct word worth searching, folded, without stop-words, in the order first said', () => {
    const entries = transcriptIndex(said('I have five years of Experience. Experience with Zoë and the café'));
    expect(entries.map((e) => e.token)).toEqual(['five', 'years', 'experience', 'zoe', 'cafe']);
    expect(entries.find((e) => e.token === 'experience')!.sentences.map((s) => s.text)).toEqual([
      'I have five years of Experience.',
      'Experience with Zoë and the café',
    ]);
  });

  it('keeps a few sentences per word', () => {
    const words = Array.from({ length: 6 }, (_, i) => said(`garden number ${i}.`, i * 3)).flat();
    expect(transcriptIndex(words).find((e) => e.token === 'garden')!.sentences).toHaveLength(MAX_OCCURRENCES);
  });

  it('keeps apostrophes inside words and drops punctuation around them', () => {
    expect(textWords('“Don’t stop,” she said.').map((w) => w.word)).toEqual(["don't", 'stop', 'she', 'said']);
  });
});

describe('searching', () => {
  it('reads the index by the longest word worth searching', () => {
    expect(searchKeyWord(queryWords('The weather STATIONS'))).toBe('stations');
    expect(searchKeyWord(queryWords('of the and'))).toBeUndefined();
    expect(tokenRange('weat').from).toBe('weat');
  });

  it('finds a sentence holding every word, as the beginnings of its words, and highlights the phrase', () => {
    const sentence = 'My favorite project was a weather station for the school.';
    expect(highlighted(sentence, queryWords('weather station'))).toEqual(['weather station']);
    expect(highlighted(sentence, queryWords('Weath stat'))).toEqual(['weather station']);
    expect(highlighted(sentence, queryWords('school project'))).toEqual(['project', 'school']);
    expect(highlighted(sentence, queryWords('weather garden'))).toBeNull();
    expect(highlighted('Zoë went to the café', queryWords('cafe'))).toEqual(['café']);
  });

  it('opens a result when the first word found is said', () => {
    const [, sentence] = sentencesOf(said('Hello there. I built a weather station'));
    expect(momentOf(sentence!, matchSentence(queryWords('weather station'), sentence!.text)!)).toBe(1500);
    expect(momentOf(sentence!, [])).toBe(600);
  });
});
