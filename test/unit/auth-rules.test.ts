import { describe, expect, it } from 'vitest';
import { checkCode, CODE_ALPHABET, CODE_LENGTH, CODE_MAX_ATTEMPTS, generateCode, normaliseCode } from '../../lambdas/domain/auth';
import { planStatus } from '../../lambdas/domain/company';

describe('sign-in codes', () => {
  it('are 6 characters from an alphabet without look-alikes', () => {
    expect(CODE_LENGTH).toBe(6);
    for (const ambiguous of ['I', 'L', 'O', '0', '1']) expect(CODE_ALPHABET).not.toContain(ambiguous);
    for (let i = 0; i < 200; i++) expect(generateCode()).toMatch(new RegExp(`^[${CODE_ALPHABET}]{6}$`));
  });

  it('use the whole alphabet and do not repeat', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(codes.join('')).size).toBe(CODE_ALPHABET.length);
  });

  it('are compared after trimming and upper-casing what was typed', () => {
    expect(normaliseCode(' abcdef ')).toBe('ABCDEF');
  });

  const eq = (a: string, b: string) => a === b;
  it('are valid only when present, unexpired, under the attempt limit and equal', () => {
    const stored = { codeHash: 'h', expiresAt: 100, attempts: 0 };
    expect(checkCode(stored, 'h', 99, eq)).toBe('valid');
    expect(checkCode(stored, 'x', 99, eq)).toBe('wrong');
    expect(checkCode(stored, 'h', 100, eq)).toBe('expired');
    expect(checkCode({ ...stored, attempts: CODE_MAX_ATTEMPTS }, 'h', 99, eq)).toBe('missing');
    expect(checkCode(undefined, 'h', 99, eq)).toBe('missing');
  });
});

describe('plan status', () => {
  it('counts remaining credits and never goes below zero', () => {
    expect(planStatus('not_subscribed', { allocated: 3, invited: 1 }).candidatePacksStatus).toEqual({ allocated: 3, invited: 1, remaining: 2 });
    expect(planStatus('not_subscribed', { allocated: 3, invited: 5 }).candidatePacksStatus.remaining).toBe(0);
  });
});
