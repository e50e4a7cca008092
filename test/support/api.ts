import { expect, inject } from 'vitest';
import type * as z from 'zod/mini';
import { API_PREFIX, operationPath, operations, type OperationId, type Operations } from '../../lambdas/operations/index';
import type { RecordedInvocation } from '../../lib/local/dynamodb-calls';

/** A small client for API tests: JSON in snake_case, as a browser would send it. */
export const baseUrl = (): string => inject('baseUrl');

export interface ApiResponse<T = any> {
  status: number;
  /** The JSON body, or the text when it is not JSON. */
  body: T;
  text: string;
  headers: Headers;
}

type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
type ParamNamesOf<Op extends OperationId> = ParamNames<(typeof operations)[Op]['path']>;

/** An operation's path parameters, by the names of its template; a list parameter (`…Ids`) may be an array. */
export type PathParams<Op extends OperationId> = { readonly [Name in ParamNamesOf<Op>]: string | number | readonly string[] };

/** Query parameters in the given order, keys as sent (snake_case); undefined and null are left out. */
export type Query = Readonly<Record<string, string | number | boolean | null | undefined>>;

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with the content type given in `headers` (JSON by default). */
  rawBody?: string;
  session?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export type CallOptions<Op extends OperationId> = RequestOptions & { query?: Query } & ([ParamNamesOf<Op>] extends [never]
    ? { params?: undefined }
    : { params: PathParams<Op> });

/**
 * The tests' one HTTP client for the API (api, e2e alike): calls an operation of
 * lambdas/operations by its id, with its method and its path filled from `params` and `query`
 * (`operationPath`): `call('listCandidates', { params: { positionId }, query: { tab: 'invited' }, session })`. The body is
 * typed as the operation answers on the wire (its response schema in snake_case, with the error model's fields).
 */
/** `jobTitle` → `job_title`, through objects and arrays: a type as the wire carries it. */
type SnakeKey<K extends string> = K extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeKey<Tail>}`
  : K;
export type Wire<T> = T extends readonly (infer Item)[]
  ? Wire<Item>[]
  : T extends object
    ? { [K in keyof T as K extends string ? SnakeKey<K> : K]: Wire<T[K]> }
    : T;

/** What an operation answers on the wire: its response, or the error model's fields when it refused. */
export type WireResponse<Op extends OperationId> = ([z.output<Operations[Op]['response']>] extends [undefined]
  ? unknown
  : Wire<z.output<Operations[Op]['response']>>) & {
  detail?: any;
  code?: string;
};

export const call = <Op extends OperationId, T = WireResponse<Op>>(operationId: Op, options?: CallOptions<Op>): Promise<ApiResponse<T>> => {
  const { params, query, ...request } = (options ?? {}) as RequestOptions & { params?: PathParams<OperationId>; query?: Query };
  return callPath<T>(operations[operationId].method, operationPath(operationId, params, query), request);
};

/**
 * A request that is deliberately no operation of the API: unknown routes, a wrong method on a
 * known path, malformed or raw paths. Everything that is an operation goes through `call`, so no
 * API path is written by hand. `path` is relative to API_PREFIX.
 */
export const callPath = async <T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined || options.rawBody !== undefined) headers['content-type'] ??= 'application/json';
  if (options.session) headers['x-session-id'] = options.session;
  const response = await fetch(`${baseUrl()}${API_PREFIX}${path}`, {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON; the test sees the text
  }
  return { status: response.status, body: body as T, text, headers: response.headers };
};

/** What a browser's response tells about its request (Playwright's `Response` has this shape). */
interface SeenResponse {
  url(): string;
  request(): { method(): string };
}

/**
 * A predicate for `page.waitForResponse`: a response to the operation (its method, and its path under
 * API_PREFIX, any query). With `params`, the path must be the one they fill in; without, any value
 * of each path parameter matches.
 */
export const isResponseTo =
  <Op extends OperationId>(operationId: Op, params?: PathParams<Op>) =>
  (response: SeenResponse): boolean => {
    const { method, path } = operations[operationId];
    if (response.request().method() !== method) return false;
    const pathname = new URL(response.url()).pathname;
    if (params) return pathname === `${API_PREFIX}${operationPath(operationId, params)}`;
    const wanted = `${API_PREFIX}${path}`.split('/');
    const seen = pathname.split('/');
    return seen.length === wanted.length && wanted.every((part, i) => (/^\{\w+\}$/.test(part) ? seen[i] !== '' : part === seen[i]));
  };

/** The Lambda invocation that served a response, with its DynamoDB calls (the local stack's `GET /_local/dynamodb-calls`). */
export const dynamodbCallsOf = async (response: ApiResponse): Promise<RecordedInvocation> => {
  const requestId = response.headers.get('apigw-requestid');
  expect(requestId).toBeTruthy();
  const { invocations } = (await (await fetch(`${baseUrl()}/_local/dynamodb-calls?requestId=${requestId}`)).json()) as {
    invocations: RecordedInvocation[];
  };
  expect(invocations).toHaveLength(1);
  return invocations[0]!;
};
