import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkCode, CODE_ALPHABET, CODE_LENGTH, generateCode, normaliseCode } from '../../lambdas/domain/auth';
import { planStatus } from '../../lambdas/domain/company';

// The generator's source of randomness, observed (and, where a test says so, replaced): the real CSPRNG by default.
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  return { ...real, randomInt: vi.fn((max: number) => real.randomInt(max)) };
});
const draws = vi.mocked(randomInt as (max: number) => number);
afterEach(() => {
  draws.mockClear();
});

describe('sign-in codes', () => {
  it('are 6 characters from an alphabet without look-alikes', () => {
    expect(CODE_LENGTH).toBe(6);
    for (const ambiguous of ['I', 'L', 'O', '0', '1']) expect(CODE_ALPHABET).not.toContain(ambiguous);
    for (let i = 0; i < 200; i++) expect(generateCode()).toMatch(new RegExp(`^[${CODE_ALPHABET}]{6}$`));
  });

  it('draw each character from the CSPRNG, over exactly the alphabet, so every letter is as likely', () => {
    generateCode();
    expect(draws.mock.calls).toEqual(Array.from({ length: 6 }, () => [CODE_ALPHABET.length]));
    // Each draw picks the letter at its index: draws 0, 1, 2… spell the alphabet, every letter reachable.
    let next = 0;
    draws.mockImplementation(() => next++ % CODE_ALPHABET.length);
    const codes = Array.from({ length: CODE_ALPHABET.length }, generateCode);
    expect(codes.join('')).toBe(CODE_ALPHABET.repeat(6));
  });

  it('spread evenly over the alphabet (23,000 letters of the real generator)', () => {
    const letters = Array.from({ length: 23_000 / 6 + 1 }, generateCode)
      .join('')
      .slice(0, 23_000);
    const counts = new Map<string, number>();
    for (const letter of letters) counts.set(letter, (counts.get(letter) ?? 0) + 1);
    expect([...counts.keys()].sort().join('')).toBe(CODE_ALPHABET);
    // 1,000 expected per letter, standard deviation ≈ 31: outside 800–1,200 is a 6σ event (under 1e-8 a run).
    for (const [letter, count] of counts) {
      expect(count, letter).toBeGreaterThan(800);
      expect(count, letter).toBeLessThan(1200);
    }
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
    expect(checkCode(undefined, 'h', 99, eq)).toBe('missing');
  });

  it('are burnt after 5 wrong tries, as the spec states', () => {
    const stored = { codeHash: 'h', expiresAt: 100, attempts: 0 };
    expect(checkCode({ ...stored, attempts: 4 }, 'h', 99, eq)).toBe('valid');
    expect(checkCode({ ...stored, attempts: 4 }, 'x', 99, eq)).toBe('wrong');
    expect(checkCode({ ...stored, attempts: 5 }, 'h', 99, eq)).toBe('missing');
    expect(checkCode({ ...stored, attempts: 6 }, 'h', 99, eq)).toBe('missing');
  });
});

describe('plan status', () => {
  it('counts remaining credits and never goes below zero', () => {
    expect(planStatus('not_subscribed', { allocated: 3, invited: 1 }).candidatePacksStatus).toEqual({ allocated: 3, invited: 1, remaining: 2 });
    expect(planStatus('not_subscribed', { allocated: 3, invited: 5 }).candidatePacksStatus.remaining).toBe(0);
  });
});
