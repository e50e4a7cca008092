import { describe, expect, it } from 'vitest';
import { MAX_NESTING_DEPTH, NestingTooDeep, toCamelCase, toSnakeCase } from '../../lambdas/contracts/wire-case';

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

describe('wire case conversion on hostile input', () => {
  const nested = (depth: number): unknown => {
    let value: unknown = 'leaf';
    for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { some_key: value };
    return value;
  };

  it('converts up to MAX_NESTING_DEPTH levels and refuses deeper input without recursing past the stack', () => {
    expect(() => toCamelCase(nested(MAX_NESTING_DEPTH))).not.toThrow();
    expect(() => toCamelCase(nested(MAX_NESTING_DEPTH + 1))).toThrow(NestingTooDeep);
    const deep = JSON.parse(`${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    expect(() => toCamelCase(deep)).toThrow(NestingTooDeep);
    expect(() => toSnakeCase(deep)).toThrow(NestingTooDeep);
  });

  it('drops __proto__ keys both ways, so no converted object gets a foreign prototype, and keeps constructor as plain data', () => {
    const hostile = JSON.parse(
      '{"__proto__": {"is_admin": true, "polluted": 1}, "nested": [{"__proto__": {"x": 1}}], "constructor": {"prototype": {"polluted": 1}}}',
    );
    const converted = toCamelCase<Record<string, any>>(hostile);
    expect(Object.getPrototypeOf(converted)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(converted.nested[0])).toBe(Object.prototype);
    expect(converted.isAdmin).toBeUndefined();
    expect(Object.keys(converted)).toEqual(['nested', 'constructor']);
    expect(converted.constructor).toEqual({ prototype: { polluted: 1 } });
    const outgoing = toSnakeCase<Record<string, any>>(JSON.parse('{"__proto__": {"isAdmin": true}, "jobTitle": "x"}'));
    expect(Object.getPrototypeOf(outgoing)).toBe(Object.prototype);
    expect(outgoing).toEqual({ job_title: 'x' });
    expect(outgoing.isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
