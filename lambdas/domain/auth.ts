import { randomInt } from 'node:crypto';

/**
 * Sign-in rules (OWASP ASVS V6/V7 level): random single-use codes from an unambiguous upper-case
 * alphabet, valid 10 minutes, burnt after 5 wrong tries; sends rate-limited per address.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ'; // no I, L, O: nothing to confuse with 1 or 0
export const CODE_LENGTH = 6;
export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_SENDS_PER_WINDOW = 5;
export const CODE_SEND_WINDOW_SECONDS = 15 * 60;

/** 23^6 ≈ 1.5e8 codes, drawn with a CSPRNG; five tries leave an attacker a 3e-8 chance. */
export const generateCode = (): string => Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

export const normaliseCode = (input: string): string => input.trim().toUpperCase();

export type CodeCheck = 'valid' | 'wrong' | 'expired' | 'missing';

/** What a sign-in attempt amounts to, given the stored code (hash, expiry, attempts so far). */
export const checkCode = (
  stored: { codeHash: string; expiresAt: number; attempts: number } | undefined,
  givenHash: string,
  nowSeconds: number,
  equal: (a: string, b: string) => boolean,
): CodeCheck => {
  if (!stored || stored.attempts >= CODE_MAX_ATTEMPTS) return 'missing';
  if (stored.expiresAt <= nowSeconds) return 'expired';
  return equal(stored.codeHash, givenHash) ? 'valid' : 'wrong';
};
