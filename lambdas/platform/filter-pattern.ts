/**
 * Lambda's event filtering (an event source mapping's FilterCriteria), the part of its pattern language
 * the stream functions use (lambdas/streams.ts): CDK hands the same pattern to Lambda as JSON
 * (`FilterCriteria.filter`), and the local poller (lib/local/dynamodb-streams-poller.ts) keeps only the
 * records it matches, so the two never disagree on what a function is handed.
 *
 * A pattern is an object whose every field must match the record's field of that name: a nested
 * pattern matches an object, a list of values matches a value equal to one of them (a list in the
 * record matches when one of its elements does). Values: a string or number (exactly), `{ prefix }`
 * (a string that begins with it), `{ exists: true | false }` (the field is there or not), and
 * `{ 'anything-but': [...] }` (a string or number equal to none of them).
 */
export type FilterValue =
  | string
  | number
  | { readonly prefix: string }
  | { readonly exists: boolean }
  | { readonly 'anything-but': readonly (string | number)[] };

export interface FilterPattern {
  readonly [field: string]: FilterPattern | readonly FilterValue[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const valueMatches = (rule: FilterValue, value: unknown): boolean => {
  if (typeof rule === 'string' || typeof rule === 'number') return value === rule;
  if ('prefix' in rule) return typeof value === 'string' && value.startsWith(rule.prefix);
  if ('anything-but' in rule) return (typeof value === 'string' || typeof value === 'number') && !rule['anything-but'].includes(value);
  // `exists` is decided by the field's presence (fieldMatches); reached only for a present, non-null value.
  return rule.exists;
};

const fieldMatches = (rules: readonly FilterValue[], value: unknown): boolean => {
  if (value === undefined) return rules.some((rule) => typeof rule === 'object' && 'exists' in rule && !rule.exists);
  const values = Array.isArray(value) ? value : [value];
  return rules.some((rule) => values.some((one) => !isObject(one) && valueMatches(rule, one)));
};

/** Whether a record (in Lambda's JSON shape) passes the pattern. */
export const matchesFilter = (pattern: FilterPattern, record: unknown): boolean =>
  Object.entries(pattern).every(([field, rule]) => {
    const value = isObject(record) ? record[field] : undefined;
    if (Array.isArray(rule)) return fieldMatches(rule as readonly FilterValue[], value);
    return isObject(value) && matchesFilter(rule as FilterPattern, value);
  });
