import { describe, expect, it } from 'vitest';
import {
  foldText,
  keyWord,
  matchesAll,
  MAX_SEARCH_TOKENS,
  MAX_TOKEN_LENGTH,
  prefixRange,
  searchTokens,
  searchWords,
} from '../../lambdas/domain/search';

/** Whether a candidate with this name and e-mail is found by this search text. */
const finds = (text: string, name: string, email: string | null = null) => matchesAll(searchWords(text), searchTokens(name, email));

describe('search tokens', () => {
  it('fold case, compatibility forms and diacritics', () => {
    expect(foldText('Zoë ÅSTRÖM-Ñúñez')).toBe('zoe astrom-nunez');
    expect(foldText('Ｊｏｈｎ ﬁnn İlker')).toBe('john finn ilker');
    expect(foldText('Søren Łukasz Straße Æsa')).toBe('soren lukasz strasse aesa');
  });

  it('are the name words and the e-mail, from the start and after each separator, leaving out those another begins', () => {
    expect(searchTokens('Ann Lee', 'ann.lee+jobs@example.com')).toEqual([
      'ann.lee+jobs@example.com',
      'lee+jobs@example.com',
      'jobs@example.com',
      'example.com',
      'com',
    ]);
    expect(searchTokens('Jean-Luc Picard', null)).toEqual(['jean-luc', 'picard', 'luc']);
    expect(searchTokens("Erin O'Brien =cmd", 'erin_ob@mail.example.org')).toEqual([
      "o'brien",
      'cmd',
      'erin_ob@mail.example.org',
      'brien',
      'ob@mail.example.org',
      'mail.example.org',
      'example.org',
      'org',
    ]);
  });

  it('are at most MAX_SEARCH_TOKENS, the name first, each at most MAX_TOKEN_LENGTH characters', () => {
    const tokens = searchTokens('Maria de la Cruz Fernández García', 'maria.de.la.cruz.fernandez.garcia@sub.example.co.uk');
    expect(tokens).toHaveLength(MAX_SEARCH_TOKENS);
    expect(tokens[0]).toBe('maria.de.la.cruz.fernandez.garcia@sub.example.co.uk');
    expect(searchTokens('x'.repeat(150), null)).toEqual(['x'.repeat(MAX_TOKEN_LENGTH)]);
    expect(searchTokens('---', null)).toEqual([]);
  });
});

describe('search words', () => {
  it('are folded, split on spaces, trimmed of separators at their ends, each once', () => {
    expect(searchWords('  Lee,  ANN  ann ')).toEqual(['lee', 'ann']);
    expect(searchWords('@Example.com')).toEqual(['example.com']);
    expect(searchWords('candidate9993@')).toEqual(['candidate9993']);
    expect(searchWords('--- ...')).toEqual([]);
  });

  it('read the keys a word begins as one key range', () => {
    const { from, to } = prefixRange('lee');
    // DynamoDB orders strings by their UTF-8 bytes (JavaScript's < compares UTF-16 units).
    const utf8 = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
    const inRange = (key: string) => utf8(from, key) <= 0 && utf8(key, to) <= 0;
    expect(['lee#c1', 'lee+jobs@example.com#c2', 'leeds#c3', `lee${'\u{FFFF}'}#c4`, 'lee😀#c8'].every(inRange)).toBe(true);
    expect(['le#c5', 'lef#c6', 'ann#c7'].some(inRange)).toBe(false);
    expect(foldText(`a\u{10FFFF}b`)).toBe('ab');
  });

  it('read the index by the longest word, the first of equals', () => {
    expect(keyWord(['ann', 'lee', 'mcdonald'])).toBe('mcdonald');
    expect(keyWord(['ann', 'lee'])).toBe('ann');
    expect(keyWord([])).toBeUndefined();
  });
});

describe('a search finds a candidate', () => {
  it('by the beginning of a name word, any case, with or without accents', () => {
    expect(finds('smi', 'John Smithson')).toBe(true);
    expect(finds('SMITHSON', 'John Smithson')).toBe(true);
    expect(finds('mith', 'John Smithson')).toBe(false);
    expect(finds('zoe', 'Zoë Saldaña')).toBe(true);
    expect(finds('SALDAÑA', 'Zoe Saldana')).toBe(true);
    expect(finds('luc', 'Jean-Luc Picard')).toBe(true);
  });

  it('by part of the e-mail from a separator on, or the whole address', () => {
    const email = 'ann.lee+jobs@example.com';
    expect(finds('lee+jobs', 'Someone', email)).toBe(true);
    expect(finds('jobs@exa', 'Someone', email)).toBe(true);
    expect(finds('example.com', 'Someone', email)).toBe(true);
    expect(finds('ANN.LEE+JOBS@EXAMPLE.COM', 'Someone', email)).toBe(true);
    expect(finds('nn.lee', 'Someone', email)).toBe(false);
  });

  it('by several words only when each begins one of its tokens, in any order', () => {
    expect(finds('lee ann', 'Ann Lee', null)).toBe(true);
    expect(finds('ann lee', 'Ann Leeds', null)).toBe(true);
    expect(finds('ann smith', 'Ann Lee', null)).toBe(false);
    expect(finds('ann example', 'Ann Lee', 'ann@example.com')).toBe(true);
    expect(finds('', 'Ann Lee', null)).toBe(false);
  });
});
