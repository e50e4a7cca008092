import { describe, expect, it } from 'vitest';
import { answersSayText } from './answer-search-count';

describe('answersSayText', () => {
  it('agrees the verb with one answer and with many', () => {
    expect(answersSayText(1, false, 'weather station')).toBe('1 answer says “weather station”');
    expect(answersSayText(3, false, 'complicated things')).toBe('3 answers say “complicated things”');
  });

  it('says "+" while more pages may follow, plural even from one', () => {
    expect(answersSayText(12, true, 'hello')).toBe('12+ answers say “hello”');
    expect(answersSayText(1, true, 'hello')).toBe('1+ answers say “hello”');
  });
});
