import { randomUUID } from 'node:crypto';

/**
 * Malformed request bodies made from one valid body: the whole body replaced (other JSON types,
 * arrays for the object, text that is not JSON, nothing at all, 10,000 levels of nesting, keys
 * that reach the prototype, other content types), and every field of it in turn removed, given
 * another type, nested 10,000 deep, or (strings) made 1 MB long or given control characters and
 * lone surrogates.
 *
 * A case is either `always` malformed (whatever the contract's types say: no JSON, a wrong content
 * type, control characters, lone surrogates, 1 MB strings, extreme nesting), or malformed only if
 * the contract refuses it (a field removed or retyped may be optional or nullable): the caller
 * drops those the contract accepts. A `__proto__` key is judged as absent (`judgeAs`): the body
 * must be refused exactly when it would be without it, so a prototype never smuggles a field in.
 */
export interface MalformedBody {
  kind: string;
  /** Sent as is; undefined sends no body. */
  body?: string;
  /** undefined sends no Content-Type. */
  contentType?: string;
  always: boolean;
  /** For the contract check: the body with its `__proto__` keys dropped. */
  judgeAs?: unknown;
}

type Path = (string | number)[];
const JSON_TYPE = 'application/json';
const DEPTH = 10_000;

const deepArrays = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepObjects = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
const deepMixed = `${'[{"a":'.repeat(DEPTH / 2)}1${'}]'.repeat(DEPTH / 2)}`;
const megabyte = 1024 * 1024;

const label = (path: Path) => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');

/** Every field (and every nested object or array) of a value; arrays by their first item. */
const locations = (value: unknown, path: Path = []): { path: Path; value: unknown }[] => {
  const here = path.length > 0 ? [{ path, value }] : [];
  if (Array.isArray(value)) return value.length > 0 ? [...here, ...locations(value[0], [...path, 0])] : here;
  if (typeof value === 'object' && value !== null) {
    return [...here, ...Object.entries(value).flatMap(([key, inner]) => locations(inner, [...path, key]))];
  }
  return here;
};

const setAt = (root: unknown, path: Path, value: unknown, remove = false): unknown => {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
};

/** The body with the value at `path` written as raw JSON text (what JSON.stringify cannot produce). */
const withRaw = (root: unknown, path: Path, raw: string): string => {
  const marker = `__raw_${randomUUID()}__`;
  return JSON.stringify(setAt(root, path, marker)).replace(JSON.stringify(marker), raw);
};

const valueReplacements = (value: unknown): [string, unknown][] => [
  ['null', null],
  ['true', true],
  ['false', false],
  ['0', 0],
  ['-1', -1],
  ['1.5', 1.5],
  ['a string', 'text'],
  ['an empty string', ''],
  ['a blank string', '   '],
  ['a number in a string', '42'],
  ['an empty array', []],
  ['an array of it', [value]],
  ['an array of arrays of it', [[value]]],
  ['an array of null', [null]],
  ['an empty object', {}],
  ['an object wrapping it', { value }],
  ['an operator object', { $ne: null }],
];

const rawReplacements: [string, string][] = [
  ['1e309 (Infinity)', '1e309'],
  ['-1e309', '-1e309'],
  ['a 30-digit number', '123456789012345678901234567890'],
  ['2^53 + 1', '9007199254740993'],
];

const alwaysRaw: [string, string][] = [
  ['nested 10,000 arrays deep', deepArrays],
  ['nested 10,000 objects deep', deepObjects],
];

const stringVariants = (value: string): [string, string][] => [
  ['1 MB of "x"', 'x'.repeat(megabyte)],
  ['1 MB of "é"', 'é'.repeat(megabyte / 2)],
  ['a NUL appended', `${value}\u0000`],
  ['a NUL prepended', `\u0000${value}`],
  ['only a NUL', '\u0000'],
  ['a BEL', `${value}\u0007`],
  ['a backspace', `${value}\u0008`],
  ['a vertical tab inside', `${value.slice(0, 1)}\u000b${value.slice(1)}`],
  ['an ANSI escape', `\u001b[31m${value}\u001b[0m`],
  ['a DEL', `${value}\u007f`],
  ['a C1 control (CSI)', `${value}\u009b`],
  ['a lone high surrogate', `${value}\ud800`],
  ['a lone low surrogate', `\udc00${value}`],
  ['surrogates reversed', `${value}\udc00\ud800`],
];

const notJson = [
  '{',
  '}',
  '{"',
  '[',
  'nope',
  "{'single': 'quotes'}",
  '{unquoted: 1}',
  'NaN',
  'Infinity',
  'undefined',
  'null null',
  'true false',
  '0x10',
  '01',
  '.5',
  '+1',
  '-',
  '{"a" 1}',
  '{"a":1,,"b":2}',
  '[1,]',
  '"unterminated',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '\u0000',
  '<?xml version="1.0"?><body/>',
  'a=1&b=2',
];

export const malformedBodies = (valid: Record<string, unknown>): MalformedBody[] => {
  const text = JSON.stringify(valid);
  const keys = Object.keys(valid);
  const json = (kind: string, body: string | undefined, always: boolean): MalformedBody => ({ kind, body, contentType: JSON_TYPE, always });
  const everyField = (replacement: unknown) => Object.fromEntries(keys.map((key) => [key, replacement]));
  const cases: MalformedBody[] = [
    // The whole body.
    json('no body', undefined, false),
    { kind: 'no body, no content type', always: false },
    json('only whitespace', '   \n', true),
    ...['null', 'true', 'false', '0', '-1', '1.5', '"text"', '""', JSON.stringify(text)].map((body) =>
      json(`the body is ${body.slice(0, 20)}`, body, false),
    ),
    ...[[], [null], [valid], [valid, valid], [[valid]], ['a'], [1, 2, 3]].map((body) =>
      json(`an array for the object: ${JSON.stringify(body).slice(0, 30)}`, JSON.stringify(body), false),
    ),
    ...[{}, { '': valid }, { body: valid }, { data: valid }].map((body) =>
      json(`another object: ${JSON.stringify(body).slice(0, 30)}`, JSON.stringify(body), false),
    ),
    ...([null, 0, '', [], {}] as unknown[]).map((value) => json(`every field ${JSON.stringify(value)}`, JSON.stringify(everyField(value)), false)),
    json('keys in upper case', JSON.stringify(Object.fromEntries(Object.entries(valid).map(([k, v]) => [k.toUpperCase(), v]))), false),
    ...notJson.map((body) => json(`not JSON: ${body}`, body, true)),
    json('valid JSON then garbage', `${text}garbage`, true),
    json('valid JSON twice', `${text}${text}`, true),
    json('a trailing comma', `${text.slice(0, -1)},}`, true),
    json('a comment', `/* hi */${text}`, true),
    json('nested 10,000 arrays deep', deepArrays, true),
    json('nested 10,000 objects deep', deepObjects, true),
    json('nested 10,000 arrays and objects deep', deepMixed, true),
    { ...json('the body inside __proto__', `{"__proto__":${text}}`, false), judgeAs: {} },
    { ...json('the body inside __proto__.__proto__', `{"__proto__":{"__proto__":${text}}}`, false), judgeAs: {} },
    json('the body inside constructor.prototype', `{"constructor":{"prototype":${text}}}`, false),
    // Each top-level field smuggled through the prototype, or given twice (the second of another type).
    ...keys.map((key) => {
      const { [key]: moved, ...rest } = valid;
      const body = `${JSON.stringify(rest).slice(0, -1)}${keys.length > 1 ? ',' : ''}"__proto__":${JSON.stringify({ [key]: moved })}}`;
      return { ...json(`${key} only in __proto__`, body, false), judgeAs: rest };
    }),
    ...keys.map((key) => json(`${key} given twice, then as an object`, `${text.slice(0, -1)},"${key}":{"wrong":true}}`, false)),
    // The valid body under other content types.
    ...['text/plain', 'text/html', 'text/json', 'application/octet-stream', 'image/png', 'json', 'application/xml'].map((contentType) => ({
      kind: `content type ${contentType}`,
      body: text,
      contentType,
      always: true,
    })),
    {
      kind: 'a form',
      body: new URLSearchParams(Object.entries(valid).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString(),
      contentType: 'application/x-www-form-urlencoded',
      always: true,
    },
    {
      kind: 'multipart form data',
      body: `${keys.map((k) => `--fuzz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${JSON.stringify(valid[k])}\r\n`).join('')}--fuzz--\r\n`,
      contentType: 'multipart/form-data; boundary=fuzz',
      always: true,
    },
  ];

  // Each field in turn.
  for (const { path, value } of locations(valid)) {
    const at = label(path);
    cases.push(json(`${at} missing`, JSON.stringify(setAt(valid, path, undefined, true)), false));
    for (const [name, replacement] of valueReplacements(value))
      cases.push(json(`${at} = ${name}`, JSON.stringify(setAt(valid, path, replacement)), false));
    for (const [name, raw] of rawReplacements) cases.push(json(`${at} = ${name}`, withRaw(valid, path, raw), false));
    for (const [name, raw] of alwaysRaw) cases.push(json(`${at} ${name}`, withRaw(valid, path, raw), true));
    const wrapped = withRaw(valid, path, `{"__proto__":${JSON.stringify(value)}}`);
    cases.push({ ...json(`${at} wrapped in __proto__`, wrapped, false), judgeAs: setAt(valid, path, {}) });
    if (typeof value === 'string') {
      for (const [name, variant] of stringVariants(value)) cases.push(json(`${at} with ${name}`, JSON.stringify(setAt(valid, path, variant)), true));
    }
    if (Array.isArray(value) && value.length > 0) {
      cases.push(
        json(
          `${at} with 10,001 items`,
          JSON.stringify(
            setAt(
              valid,
              path,
              Array.from({ length: 10_001 }, () => value[0]),
            ),
          ),
          false,
        ),
      );
      cases.push(json(`${at} with a string item`, JSON.stringify(setAt(valid, path, [value[0], 'text'])), false));
    }
  }
  return cases;
};

/** The case's body as the contract should judge it, or `unparsable`. */
export const parsedBody = (c: MalformedBody): { value: unknown } | 'unparsable' => {
  if (c.contentType !== undefined && c.contentType !== JSON_TYPE) return 'unparsable';
  if ('judgeAs' in c) return { value: c.judgeAs };
  if (c.body === undefined) return { value: undefined };
  try {
    return { value: JSON.parse(c.body) };
  } catch {
    return 'unparsable';
  }
};
