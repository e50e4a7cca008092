import { describe, expect, it } from 'vitest';
import { toCamelCase, toSnakeCase } from '../../lambdas/contracts/wire-case';

describe('wire case conversion', () => {
  it('converts keys deeply, both ways, and leaves values alone', () => {
    const wire = { job_title: 'QA_lead', interview: { questions: [{ thumbnail_image_group_id: 'g_1' }], pacing: { thinking_time: null } } };
    const code = { jobTitle: 'QA_lead', interview: { questions: [{ thumbnailImageGroupId: 'g_1' }], pacing: { thinkingTime: null } } };
    expect(toCamelCase(wire)).toEqual(code);
    expect(toSnakeCase(code)).toEqual(wire);
  });

  it('passes through primitives, arrays of primitives and dates untouched', () => {
    const date = new Date(0);
    expect(toCamelCase(['a_b', 1, null])).toEqual(['a_b', 1, null]);
    expect(toSnakeCase<{ created_at: Date }>({ createdAt: date }).created_at).toBe(date);
    expect(toCamelCase('some_value')).toBe('some_value');
  });
});
