import { foldText, prefixRange } from './search';
import type { TimedWord } from './media';

/**
 * Transcript search ("Find in answers", issue 27): pure, no I/O. An answer's transcript is cut
 * into sentences (each with the time its first word is said), and every distinct word of it that
 * is worth searching for (a token: folded as candidate search folds names, two characters or more,
 * no common stop-word) is an index item holding the sentences it is said in (a few). A search reads
 * the items its longest word begins (one key range, as candidate search does) and keeps the
 * answers one of whose stored sentences holds every word searched for; the words found are
 * highlighted in the sentence.
 */

/** Sentences kept per token and answer: the first ones it is said in. */
export const MAX_OCCURRENCES = 3;
/** A sentence is at most this many words (a transcript without punctuation is cut at pauses and here). */
export const MAX_SENTENCE_WORDS = 24;
/** A sentence longer than this (in characters) is cut at a word, with an ellipsis. */
export const MAX_SENTENCE_CHARS = 220;
/** A pause this long (seconds) ends a sentence. */
export const SENTENCE_PAUSE_SECONDS = 1;
/** Tokens indexed per answer, in the order they are first said (a ten-minute answer has some 600 distinct words). */
export const MAX_ANSWER_TOKENS = 800;
/** A token is at least this long and at most MAX_TOKEN_CHARS (a longer one is cut: a search word still begins it). */
export const MIN_TOKEN_CHARS = 2;
export const MAX_TOKEN_CHARS = 60;

/** Words too common to find anything by: not indexed, and never the word a search reads the index by. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have he her him his how i if in into is it its ' +
    "i'm it's me my no not of on or our so than that the their them then there these they this those to too up us was we were " +
    "what when where which who whom why will with would you your yours um uh er ah oh okay ok yeah don't that's i've i'd i'll " +
    "you're we're they're let's"
  ).split(' '),
);

export interface Sentence {
  /** When its first word is said, from the start of the answer. */
  startMillis: number;
  text: string;
  /** When each of its words (the words of `text` between spaces) is said, so a result opens at the words found. */
  wordMillis: number[];
}

/** A word of a text: folded (lower case, no diacritics) and where it stands in the text as written. */
export interface TextWord {
  word: string;
  start: number;
  end: number;
}

const wordPattern = /[\p{L}\p{N}](?:[\p{L}\p{N}'’]*[\p{L}\p{N}])?/gu;

/** The words of a text with their places: runs of letters and digits, apostrophes inside a word kept ("don't"). */
export const textWords = (text: string): TextWord[] =>
  [...text.matchAll(wordPattern)].map((match) => ({
    word: foldText(match[0]).replaceAll('’', "'"),
    start: match.index,
    end: match.index + match[0].length,
  }));

const cutToken = (word: string) => [...word].slice(0, MAX_TOKEN_CHARS).join('');

/** Whether a folded word is worth an index item (and so can be the word a search reads by). */
export const indexable = (word: string): boolean => [...word].length >= MIN_TOKEN_CHARS && !STOP_WORDS.has(word);

const cutSentence = (text: string) => {
  if (text.length <= MAX_SENTENCE_CHARS) return text;
  const cut = text.slice(0, MAX_SENTENCE_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX_SENTENCE_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
};

/**
 * Timed words → sentences: a new one after a word ending a sentence (. ? !), after a pause of
 * SENTENCE_PAUSE_SECONDS or at MAX_SENTENCE_WORDS words.
 */
export const sentencesOf = (words: readonly TimedWord[]): Sentence[] => {
  const sentences: { startMillis: number; words: string[]; wordMillis: number[] }[] = [];
  let lastEnd = -Infinity;
  let ended = true;
  for (const word of words) {
    const content = word.content.trim();
    if (!content) continue;
    const current = sentences[sentences.length - 1];
    const millis = Math.max(0, Math.round(word.start * 1000));
    if (!current || ended || word.start - lastEnd >= SENTENCE_PAUSE_SECONDS || current.words.length >= MAX_SENTENCE_WORDS) {
      sentences.push({ startMillis: millis, words: [content], wordMillis: [millis] });
    } else {
      current.words.push(content);
      current.wordMillis.push(millis);
    }
    ended = /[.?!]["'”’)]*$/u.test(content);
    lastEnd = word.end;
  }
  return sentences.map((s) => {
    const text = cutSentence(s.words.join(' '));
    return { startMillis: s.startMillis, text, wordMillis: s.wordMillis.slice(0, text.split(' ').length) };
  });
};

export interface IndexEntry {
  token: string;
  /** The sentences it is said in (the first MAX_OCCURRENCES). */
  sentences: Sentence[];
}

/** Sentences' index entries: one per distinct token, in the order first said, up to MAX_ANSWER_TOKENS. */
const indexOfSentences = (sentences: readonly Sentence[]): IndexEntry[] => {
  const entries = new Map<string, Sentence[]>();
  for (const sentence of sentences) {
    for (const { word } of textWords(sentence.text)) {
      if (!indexable(word)) continue;
      const token = cutToken(word);
      let found = entries.get(token);
      if (!found) {
        if (entries.size >= MAX_ANSWER_TOKENS) continue;
        found = [];
        entries.set(token, found);
      }
      if (found.length < MAX_OCCURRENCES && !found.includes(sentence)) found.push(sentence);
    }
  }
  return [...entries].map(([token, sentences]) => ({ token, sentences }));
};

/** An answer's index entries: one per distinct token, in the order first said, up to MAX_ANSWER_TOKENS. */
export const transcriptIndex = (words: readonly TimedWord[]): IndexEntry[] => indexOfSentences(sentencesOf(words));

/**
 * A written answer's sentences (issue 39): cut after a word ending a sentence (. ? !), at a line
 * break and at MAX_SENTENCE_WORDS words, its spaces made single; a written answer has no moments,
 * so every time is 0 and no word has one (a hit on it is shown as written, with nothing to seek to).
 */
export const writtenSentences = (text: string): Sentence[] => {
  const sentences: string[][] = [];
  for (const line of text.split(/\r\n|\r|\n|\u2028|\u2029/)) {
    let current: string[] | null = null;
    for (const word of line.split(/\s+/).filter(Boolean)) {
      if (!current || current.length >= MAX_SENTENCE_WORDS) {
        current = [];
        sentences.push(current);
      }
      current.push(word);
      if (/[.?!]["'”’)]*$/u.test(word)) current = null;
    }
  }
  return sentences.map((words) => ({ startMillis: 0, text: cutSentence(words.join(' ')), wordMillis: [] }));
};

/** A written answer's index entries (issue 39), as a transcript's: its text is searched as what it says. */
export const writtenIndex = (text: string): IndexEntry[] => indexOfSentences(writtenSentences(text));

/** The words of a search text, folded, each once, in order. */
export const queryWords = (text: string): string[] => [...new Set(textWords(text).map((w) => cutToken(w.word)))];

/** The word a search reads the index by: the longest indexable one (the fewest tokens begin it), the first of equals. */
export const searchKeyWord = (words: readonly string[]): string | undefined =>
  words
    .filter(indexable)
    .reduce<string | undefined>((longest, word) => (longest === undefined || [...word].length > [...longest].length ? word : longest), undefined);

/** The sort-key range of the tokens a word begins (`{token}#{answerId}`), as candidate search reads its items. */
export const tokenRange = prefixRange;

export interface Highlight {
  start: number;
  end: number;
}

/**
 * Whether a sentence holds every word searched for (each begins a word of the sentence), and the
 * words to highlight: the words searched for said one after the other when the sentence has them
 * so (a phrase), otherwise each word a searched word begins. Null when some word is missing.
 */
export const matchSentence = (words: readonly string[], sentence: string): Highlight[] | null => {
  if (words.length === 0) return null;
  const said = textWords(sentence);
  const begins = (query: string, at: TextWord) => at.word.startsWith(query);
  if (!words.every((query) => said.some((at) => begins(query, at)))) return null;
  for (let i = 0; i + words.length <= said.length; i++) {
    if (words.every((query, k) => begins(query, said[i + k]!))) {
      return [{ start: said[i]!.start, end: said[i + words.length - 1]!.end }];
    }
  }
  return said.filter((at) => words.some((query) => begins(query, at))).map(({ start, end }) => ({ start, end }));
};

/** When the first word highlighted is said (the sentence's start when its time is not known). */
export const momentOf = (sentence: Sentence, highlights: readonly Highlight[]): number => {
  const first = highlights[0];
  if (!first) return sentence.startMillis;
  const index = sentence.text.slice(0, first.start).split(' ').length - 1;
  const millis = sentence.wordMillis?.[index];
  return typeof millis === 'number' && Number.isFinite(millis) ? millis : sentence.startMillis;
};
