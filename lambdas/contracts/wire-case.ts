/**
 * snake_case on the wire, camelCase in code. Shared by the handler chain and the SPA's one client.
 * Only object keys change; string values (ids, e-mails, statuses) are left alone.
 */
const snakeToCamel = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const camelToSnake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

const convertKeys = (value: unknown, convert: (key: string) => string): unknown => {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[convert(key)] = convertKeys(inner, convert);
  return out;
};

export const toCamelCase = <T = unknown>(value: unknown): T => convertKeys(value, snakeToCamel) as T;
export const toSnakeCase = <T = unknown>(value: unknown): T => convertKeys(value, camelToSnake) as T;
export const keyToSnakeCase = camelToSnake;
