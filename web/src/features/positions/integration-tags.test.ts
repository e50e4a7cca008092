import { describe, expect, it } from 'vitest';
import type { IntegrationTag } from '../../api/integrations';
import { normalizeTags, tagOf, tagProblem, tagsValid, withTag } from './integration-tags';

const tags: IntegrationTag[] = [
  { integrationType: 'greenhouse', tag: 'video-screen' },
  { integrationType: 'lever', tag: 'Async interview' },
];

describe("a position's integration tags", () => {
  it("reads a type's tag, '' for a type without one", () => {
    expect(tagOf(tags, 'lever')).toBe('Async interview');
    expect(tagOf(tags, 'ashby')).toBe('');
  });

  it("sets one type's tag as typed and keeps the others, in the order of the integration types", () => {
    // integrationTypes: hiringthing, ashby, comeet, greenhouse, hrpartner, lacrm, lever, recruitee
    expect(withTag(tags, 'ashby', 'interview ')).toEqual([
      { integrationType: 'ashby', tag: 'interview ' },
      { integrationType: 'greenhouse', tag: 'video-screen' },
      { integrationType: 'lever', tag: 'Async interview' },
    ]);
    expect(withTag(tags, 'greenhouse', 'phone-screen')).toEqual([
      { integrationType: 'greenhouse', tag: 'phone-screen' },
      { integrationType: 'lever', tag: 'Async interview' },
    ]);
  });

  it("drops a type's entry when its field is emptied", () => {
    expect(withTag(tags, 'greenhouse', '')).toEqual([{ integrationType: 'lever', tag: 'Async interview' }]);
    expect(withTag(tags, 'recruitee', '')).toEqual(tags);
  });

  it('saves tags trimmed, without blank ones, in type order', () => {
    const typed: IntegrationTag[] = [
      { integrationType: 'recruitee', tag: '  video  ' },
      { integrationType: 'lever', tag: '   ' },
      { integrationType: 'comeet', tag: 'async' },
    ];
    expect(normalizeTags(typed)).toEqual([
      { integrationType: 'comeet', tag: 'async' },
      { integrationType: 'recruitee', tag: 'video' },
    ]);
  });

  it('tells a change that only adds spaces from a real one (the dirty check compares normalized tags)', () => {
    expect(normalizeTags(withTag(tags, 'lever', ' Async interview '))).toEqual(normalizeTags(tags));
    expect(normalizeTags(withTag(tags, 'lever', 'Async'))).not.toEqual(normalizeTags(tags));
  });

  it('refuses what the contract refuses (too long, control characters); blank is no tag, not an error', () => {
    expect(tagProblem('')).toBeNull();
    expect(tagProblem('   ')).toBeNull();
    expect(tagProblem('video-screen')).toBeNull();
    expect(tagProblem('x'.repeat(201))).toBe('Use at most 200 characters.');
    expect(tagProblem('line\nbreak')).not.toBeNull();
    expect(tagsValid(tags)).toBe(true);
    expect(tagsValid(withTag(tags, 'ashby', 'x'.repeat(201)))).toBe(false);
  });
});
