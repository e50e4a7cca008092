/**
 * Words in a typed answer (issue 39), as the server holds a text answer to its limits and the
 * candidate's counter shows them. Plain code, no imports, so the candidate's bundle takes it without
 * a schema.
 */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/** How many words a text has, by Unicode word segmentation (punctuation and spaces are no words; CJK text counts by its words). */
export const countWords = (text: string): number => {
  let words = 0;
  for (const segment of segmenter.segment(text)) if (segment.isWordLike) words += 1;
  return words;
};

/** "1 word", "3 words". */
export const wordsText = (n: number) => (n === 1 ? '1 word' : `${n} words`);
