import * as z from 'zod/mini';

/** Shared field schemas, so the same rule (and message) applies wherever the field appears. */
export const emailSchema = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(3, 'Enter an e-mail address.'),
    z.maxLength(254, 'That e-mail address is too long.'),
    z.email('Enter a valid e-mail address.'),
  );

/** A string of `min` to `max` characters of `[A-Za-z0-9_-]`, refused with `message` otherwise (ids, tokens, nonces). */
export const urlSafeIdSchema = (min: number, max: number, message: string) =>
  z.string().check(z.minLength(min), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+$/, message));

export const idSchema = urlSafeIdSchema(1, 64, 'Not a valid id.');

/**
 * Human text (spec: names, titles, company names, file names, subjects, descriptions). What no
 * person types and what does harm downstream is refused: NUL and the other C0 and C1 control
 * characters (CR and LF reach e-mail headers), DEL, lone UTF-16 surrogates (invalid Unicode) and
 * the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) that make text read
 * differently from what it is ("invoice\u202Efdp.exe"). Single-line text also refuses tabs and
 * the Unicode line and paragraph separators; multi-line text keeps \n and \t.
 */
export const SINGLE_LINE_TEXT_MESSAGE = 'Must not contain control characters or line breaks.';
export const MULTI_LINE_TEXT_MESSAGE = 'Must not contain control characters.';

const isBidiControl = (cp: number) => (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
const isControl = (cp: number) => cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f);
/** Iterating a string by code points yields a surrogate only when it is unpaired. */
const isLoneSurrogate = (cp: number) => cp >= 0xd800 && cp <= 0xdfff;

const textIsClean = (text: string, allowed: (cp: number) => boolean): boolean => {
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (allowed(cp)) continue;
    if (isControl(cp) || isBidiControl(cp) || isLoneSurrogate(cp) || cp === 0x2028 || cp === 0x2029) return false;
  }
  return true;
};

export const isSingleLineText = (text: string): boolean => textIsClean(text, () => false);
export const isMultiLineText = (text: string): boolean => textIsClean(text, (cp) => cp === 0x09 || cp === 0x0a || cp === 0x2028 || cp === 0x2029);

type StringCheck = z.core.$ZodCheck<string>;

/**
 * A single-line text: a string with these checks (in order: a trim first, so surrounding
 * whitespace is simply dropped), then the single-line rule.
 */
export const singleLineText = (...checks: StringCheck[]) => z.string().check(...checks, z.refine(isSingleLineText, SINGLE_LINE_TEXT_MESSAGE));
/** A multi-line text: a string with these checks, then the multi-line rule (line breaks (\n) and tabs allowed, control characters not). */
export const multiLineText = (...checks: StringCheck[]) => z.string().check(...checks, z.refine(isMultiLineText, MULTI_LINE_TEXT_MESSAGE));

/**
 * A trimmed single-line text of 1 to `max` characters: `empty` when nothing is left after the
 * trim, `tooLong` (if given; zod's own message otherwise) past `max`.
 */
export const trimmedLine = (max: number, empty?: string, tooLong?: string) =>
  singleLineText(z.trim(), z.minLength(1, empty), z.maxLength(max, tooLong));

export const companyNameSchema = trimmedLine(100, 'Enter a company name.', 'Use at most 100 characters.');
