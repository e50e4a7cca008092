import * as z from 'zod';

/** Shared field schemas, so the same rule (and message) applies wherever the field appears. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, 'Enter an e-mail address.')
  .max(254, 'That e-mail address is too long.')
  .email('Enter a valid e-mail address.');

export const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid id.');

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

/** Adds the single-line rule to a string schema (after its trim, so surrounding whitespace is simply dropped). */
export const singleLineText = <S extends z.ZodString>(schema: S): S => schema.refine(isSingleLineText, SINGLE_LINE_TEXT_MESSAGE);
/** Adds the multi-line rule to a string schema: line breaks (\n) and tabs allowed, control characters not. */
export const multiLineText = <S extends z.ZodString>(schema: S): S => schema.refine(isMultiLineText, MULTI_LINE_TEXT_MESSAGE);

export const companyNameSchema = singleLineText(z.string().trim().min(1, 'Enter a company name.').max(100, 'Use at most 100 characters.'));
