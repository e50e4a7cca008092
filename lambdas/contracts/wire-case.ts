/**
 * snake_case on the wire, camelCase in code. Shared by the handler chain and the SPA's one client.
 * Only object keys change; string values (ids, e-mails, statuses) are left alone.
 *
 * The conversion walks at most MAX_NESTING_DEPTH levels of arrays and objects (no contract comes
 * close; a position is about six deep), so it cannot run out of stack on hostile input: deeper
 * input throws NestingTooDeep, which the handler chain answers with a 400. A `__proto__` key is
 * dropped, so a body can never swap the prototype of the objects handlers receive.
 */
export const MAX_NESTING_DEPTH = 32;

export class NestingTooDeep extends Error {
  constructor() {
    super(`Nested deeper than ${MAX_NESTING_DEPTH} levels.`);
    this.name = 'NestingTooDeep';
  }
}

const snakeToCamel = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const camelToSnake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Keys that would reach an object's prototype when assigned. */
const UNSAFE_KEY = '__proto__';

/** `depth` is the number of arrays and objects around `value`; the recursion is bounded by MAX_NESTING_DEPTH. */
const convertKeys = (value: unknown, convert: (key: string) => string, depth: number): unknown => {
  const isArray = Array.isArray(value);
  if (!isArray && !isPlainObject(value)) return value;
  if (depth >= MAX_NESTING_DEPTH) throw new NestingTooDeep();
  if (isArray) return value.map((item) => convertKeys(item, convert, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const converted = convert(key);
    if (key === UNSAFE_KEY || converted === UNSAFE_KEY) continue;
    out[converted] = convertKeys(inner, convert, depth + 1);
  }
  return out;
};

export const toCamelCase = <T = unknown>(value: unknown): T => convertKeys(value, snakeToCamel, 0) as T;
export const toSnakeCase = <T = unknown>(value: unknown): T => convertKeys(value, camelToSnake, 0) as T;
export const keyToSnakeCase = camelToSnake;
export const keyToCamelCase = snakeToCamel;
