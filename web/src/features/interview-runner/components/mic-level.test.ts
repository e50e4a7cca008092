import { describe, expect, it } from 'vitest';
import { levelOf } from './mic-level';

describe('levelOf', () => {
  it('is 0 for silence and grows with the loudest sample either side of the middle', () => {
    expect(levelOf(new Uint8Array(64).fill(128))).toBe(0);
    expect(levelOf(Uint8Array.from([128, 160, 128, 120]))).toBe(25);
    expect(levelOf(Uint8Array.from([128, 0, 255]))).toBe(100);
  });
});
