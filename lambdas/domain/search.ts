/**
 * Search rules (spec §2: a candidate's name or e-mail, case-insensitive, from 3 characters): pure,
 * no I/O. A candidate is found by the beginnings of the words of their name and of their e-mail,
 * so a search reads one key range per position instead of every candidate of the position.
 *
 * Both sides are folded alike: lower case, compatibility forms (NFKD: "ﬁ" is "fi", full-width is
 * ASCII) and diacritics stripped, so "zoe" finds "Zoë", "ZOË" finds "zoe@…" and "soren" "Søren". A token starts at
 * the start of a name word or of the e-mail, or after a separator inside one (anything but a letter
 * or a digit: . _ - + @ ' …), and runs to the end of that word or of the e-mail: "Jean-Luc" gives
 * "jean-luc" and "luc"; "ann.lee+jobs@example.com" gives the whole address, "lee+jobs@example.com",
 * "jobs@example.com", "example.com" and "com". A search word matches a token it begins, so "lee",
 * "lee+j", "example.com" and "ann.lee@" (up to the separator) all find Ann Lee by her address.
 */

/** Tokens per candidate: each is an item written with the candidate (invites.ts budgets a transaction by it). */
export const MAX_SEARCH_TOKENS = 8;
/** A token longer than this is cut: the search text is at most 100 characters, so a cut token still matches what begins it. */
export const MAX_TOKEN_LENGTH = 100;

const marks = /\p{M}/gu;
const wordChar = /[\p{L}\p{N}]/u;
const separators = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** Latin letters that carry their mark in the letter itself (NFKD leaves them whole), as a reader types them without it. */
const unmarked: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ħ: 'h', ı: 'i', ß: 'ss', æ: 'ae', œ: 'oe' };
const withMarkInside = new RegExp(`[${Object.keys(unmarked).join('')}]`, 'gu');

/** The highest code point: no folded text holds it, so it ends the key range of a prefix (prefixRange). */
const LAST_CHAR = '\u{10FFFF}';

/** Lower case, compatibility forms, diacritics stripped ("Søren Łukasz" is "soren lukasz"). */
export const foldText = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(marks, '')
    .replace(withMarkInside, (letter) => unmarked[letter]!)
    .replaceAll(LAST_CHAR, '')
    .normalize('NFC');

/** The suffixes of a folded word that start where a letter or digit follows the start or a separator. */
const suffixesAtBoundaries = (word: string): string[] => {
  const chars = [...word];
  const starts: string[] = [];
  chars.forEach((char, i) => {
    if (wordChar.test(char) && (i === 0 || !wordChar.test(chars[i - 1]!))) starts.push(chars.slice(i).join(''));
  });
  return starts;
};

const cut = (token: string) => [...token].slice(0, MAX_TOKEN_LENGTH).join('');

/**
 * The tokens a candidate is found by: the name's words and the e-mail, each from its start and from
 * after each separator inside it. A token that begins another one of the same candidate is left
 * out (whatever begins it begins the longer one too). In this order until MAX_SEARCH_TOKENS: the
 * name's words, the whole e-mail, the rest of the name's, the rest of the e-mail's.
 */
export const searchTokens = (candidateName: string, email: string | null): string[] => {
  const words = foldText(candidateName).split(/\s+/u).filter(Boolean);
  const address = email ? foldText(email.trim()) : '';
  const nameSuffixes = words.map(suffixesAtBoundaries);
  const emailSuffixes = suffixesAtBoundaries(address);
  const ordered = [
    ...nameSuffixes.flatMap((suffixes) => suffixes.slice(0, 1)),
    ...emailSuffixes.slice(0, 1),
    ...nameSuffixes.flatMap((suffixes) => suffixes.slice(1)),
    ...emailSuffixes.slice(1),
  ].map(cut);
  const unique = [...new Set(ordered)];
  return unique.filter((token) => !unique.some((other) => other !== token && other.startsWith(token))).slice(0, MAX_SEARCH_TOKENS);
};

/**
 * The words of a search text: folded, split on spaces, separators trimmed from their ends ("lee,"
 * is "lee"; "@example.com" is "example.com"), repeats dropped. Empty when nothing searchable is left.
 */
export const searchWords = (text: string): string[] => [
  ...new Set(
    foldText(text)
      .split(/\s+/u)
      .map((word) => cut(word.replace(separators, '')))
      .filter(Boolean),
  ),
];

/** The word a search reads the index by: the longest (fewest tokens begin it), the first of equals. */
export const keyWord = (words: readonly string[]): string | undefined =>
  words.reduce<string | undefined>((longest, word) => (longest === undefined || [...word].length > [...longest].length ? word : longest), undefined);

/**
 * The sort keys that begin with a folded word, as a range (`BETWEEN from AND to`): every key
 * `{word}{rest}` sorts within it, since no folded text holds LAST_CHAR. DynamoDB reads the same items
 * for `begins_with`; DynamoDB Local (the local stack's store) seeks a range by its sort-key index
 * but checks `begins_with` against every item of the partition.
 */
export const prefixRange = (word: string) => ({ from: word, to: `${word}${LAST_CHAR}` });

/** Whether a candidate with these tokens matches every word of the search. */
export const matchesAll = (words: readonly string[], tokens: readonly string[]): boolean =>
  words.length > 0 && words.every((word) => tokens.some((token) => token.startsWith(word)));
