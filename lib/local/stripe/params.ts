/**
 * Stripe's request parameters as its API reads them: form-encoded (or a GET/DELETE query) in
 * bracket notation, parsed with `qs`, every value a string. The helpers here validate them and raise
 * the errors Stripe answers with, so a handler that sends something Stripe would refuse fails here too.
 */
export type Params = Record<string, unknown>;

export interface StripeErrorBody {
  type: 'invalid_request_error' | 'idempotency_error' | 'api_error';
  message: string;
  param?: string;
  code?: string;
}

/** An error answered as Stripe answers it: `{ error: { type, message, param?, code? } }` with its status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Omit<StripeErrorBody, 'message' | 'type'> & { type?: StripeErrorBody['type'] } = {},
  ) {
    super(message);
  }

  body(): { error: StripeErrorBody } {
    const { type = 'invalid_request_error', param, code } = this.details;
    return { error: { type, message: this.message, ...(param ? { param } : {}), ...(code ? { code } : {}) } };
  }
}

/** `No such price: 'price_123'`: 404 for the object a URL names, 400 for one a parameter names. */
export const noSuch = (kind: string, id: string, param?: string) =>
  new StripeApiError(param ? 400 : 404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param: param ?? 'id' });

export const missingParam = (name: string) => new StripeApiError(400, `Missing required param: ${name}.`, { code: 'parameter_missing', param: name });

const invalid = (name: string, message: string) => new StripeApiError(400, message, { code: 'parameter_invalid', param: name });

/** The value at a dotted path of nested params (`recurring.interval`), and its bracket name (`recurring[interval]`). */
const at = (params: Params, path: string): { value: unknown; name: string } => {
  const [head, ...rest] = path.split('.');
  let value: unknown = params[head!];
  for (const key of rest) value = value && typeof value === 'object' ? (value as Params)[key] : undefined;
  return { value, name: head + rest.map((key) => `[${key}]`).join('') };
};

/**
 * Refuses any parameter the endpoint does not take, as Stripe does. `allowed` names top-level
 * params and nested ones by dotted path (`recurring.interval`, `line_items.*.price` where `*` is
 * any list index); a name allows everything under it (`metadata`).
 */
export const onlyKnown = (params: Params, allowed: readonly string[]) => {
  const patterns = [...allowed, 'expand'].map((entry) => entry.split('.'));
  const segmentMatches = (pattern: string, segment: string) => pattern === segment || (pattern === '*' && /^\d+$/.test(segment));
  const covers = (path: string[], exact: boolean) =>
    patterns.some(
      (pattern) =>
        (exact ? pattern.length === path.length : pattern.length > path.length) && path.every((segment, i) => segmentMatches(pattern[i]!, segment)),
    );
  const visit = (value: unknown, path: string[]) => {
    if (path.length > 0 && covers(path, true)) return;
    if (path.length > 0 && !covers(path, false)) {
      const name =
        path[0] +
        path
          .slice(1)
          .map((segment) => `[${segment}]`)
          .join('');
      throw new StripeApiError(400, `Received unknown parameter: ${name}`, { param: name });
    }
    if (value && typeof value === 'object') for (const [key, child] of Object.entries(value as Params)) visit(child, [...path, key]);
  };
  visit(params, []);
};

export const str = (params: Params, path: string, options: { required?: boolean; max?: number } = {}): string | undefined => {
  const { value, name } = at(params, path);
  if (value === undefined) {
    if (options.required) throw missingParam(name);
    return undefined;
  }
  if (typeof value !== 'string') throw invalid(name, `Invalid string: ${JSON.stringify(value)}`);
  if (options.required && value === '') throw missingParam(name);
  if (options.max !== undefined && value.length > options.max) {
    throw invalid(name, `Invalid string: ${value.slice(0, 20)}...; must be at most ${options.max} characters`);
  }
  return value;
};

/** An optional string where `''` means "unset it" (Stripe's emptyable fields): undefined, null or the value. */
export const emptyable = (params: Params, path: string, options: { max?: number } = {}): string | null | undefined => {
  const value = str(params, path, options);
  return value === '' ? null : value;
};

export const int = (params: Params, path: string, options: { required?: boolean; min?: number; max?: number } = {}): number | undefined => {
  const { value, name } = at(params, path);
  if (value === undefined || value === '') {
    if (options.required) throw missingParam(name);
    return undefined;
  }
  if (typeof value !== 'string' || !/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw invalid(name, `Invalid integer: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  const number = Number(value);
  if (options.min !== undefined && number < options.min) throw invalid(name, `This value must be greater than or equal to ${options.min}.`);
  if (options.max !== undefined && number > options.max) throw invalid(name, `This value must be less than or equal to ${options.max}.`);
  return number;
};

export const bool = (params: Params, path: string): boolean | undefined => {
  const { value, name } = at(params, path);
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw invalid(name, `Invalid boolean: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
};

export const oneOf = <T extends string>(params: Params, path: string, values: readonly T[], options: { required?: boolean } = {}): T | undefined => {
  const value = str(params, path, options);
  if (value === undefined) return undefined;
  if (!(values as readonly string[]).includes(value)) {
    const { name } = at(params, path);
    const choices = values.length > 1 ? `${values.slice(0, -1).join(', ')}, or ${values.at(-1)}` : values[0];
    throw invalid(name, `Invalid ${name}: must be one of ${choices}`);
  }
  return value as T;
};

/** A list param: qs gives an array, or an object keyed by index past its array limit. */
export const list = (params: Params, path: string): unknown[] | undefined => {
  const { value, name } = at(params, path);
  if (value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object' && Object.keys(value).every((key) => /^\d+$/.test(key))) {
    return Object.entries(value)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, item]) => item);
  }
  throw invalid(name, `Invalid array`);
};

export const stringList = (params: Params, path: string): string[] | undefined =>
  list(params, path)?.map((item, i) => {
    if (typeof item !== 'string') throw invalid(`${at(params, path).name}[${i}]`, `Invalid string: ${JSON.stringify(item)}`);
    return item;
  });

export type Metadata = Record<string, string>;

/**
 * Metadata as Stripe takes it: keys merge into what is there, a key set to `''` is removed, and
 * `metadata=''` clears it all. At most 50 keys of 40 characters, values of 500.
 */
export const metadataUpdate = (params: Params, path: string, current: Metadata = {}): Metadata | undefined => {
  const { value, name } = at(params, path);
  if (value === undefined) return undefined;
  if (value === '') return {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalid(name, 'Invalid object');
  const next: Metadata = { ...current };
  for (const [key, entry] of Object.entries(value as Params)) {
    if (typeof entry !== 'string') throw invalid(`${name}[${key}]`, `Invalid string: ${JSON.stringify(entry)}`);
    if (key.length > 40) throw invalid(`${name}[${key}]`, 'Metadata keys can have up to 40 characters.');
    if (entry.length > 500) throw invalid(`${name}[${key}]`, 'Metadata values can have up to 500 characters.');
    if (entry === '') delete next[key];
    else next[key] = entry;
  }
  if (Object.keys(next).length > 50) throw invalid(name, 'Metadata can have up to 50 keys.');
  return next;
};

/** The `expand[]` paths of a request. */
export const expandPaths = (params: Params): string[] => stringList(params, 'expand') ?? [];

/** A canonical form of the parameters, so a replayed request matches whatever order its keys came in. */
export const fingerprint = (value: unknown): string =>
  JSON.stringify(value, (_key, entry: unknown) =>
    entry && typeof entry === 'object' && !Array.isArray(entry)
      ? Object.fromEntries(Object.entries(entry as Params).sort(([a], [b]) => a.localeCompare(b)))
      : entry,
  );
