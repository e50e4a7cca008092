import type * as z from 'zod/mini';
import type { ValidationIssue } from '../../../lambdas/contracts/contract';
import type { ClientRoute, OperationId, Operations } from '../../../lambdas/operations/index';
import { keyToSnakeCase, toCamelCase, toSnakeCase } from '../../../lambdas/contracts/wire-case';
import { API_PREFIX, fillPath, type PathParamValue } from '../../../lambdas/operations/path';
import type { HttpMethod } from '../../../lambdas/operations/operation';
import { session } from '../lib/session';
import { IDEMPOTENCY_HEADER, SESSION_HEADER } from '../../../lambdas/contracts/vocabulary';
import { repeatsSafely, RETRY_DELAYS_MS, retryDelayMs, worthRetrying } from './retry-policy';

/**
 * The one HTTP client of the SPA (spec §7, §8): `/api/v1`, snake_case on the wire and camelCase
 * here, the session header, and errors carrying status, detail and code. A 401 or 403 drops the
 * session, which signs the user out (the router then goes to /signin).
 *
 * Every call names its operation (`lambdas/operations/<area>.ts`): its method and path come from the
 * route table the build inlines (`__API_ROUTES__`, from `clientRoutes()`: web/vite.config.ts), and the
 * types of its path parameters, query, body and response from its schemas (types only: no zod in
 * the bundle). No API path is written by hand.
 */
declare const __API_ROUTES__: Readonly<Record<OperationId, ClientRoute>>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | ValidationIssue[] | undefined,
    readonly code: string | undefined,
    /** The answer's Retry-After header (seconds), when it had one. */
    readonly retryAfter?: string | null,
  ) {
    super(typeof detail === 'string' ? detail : `Request failed (${status})`);
    this.name = 'ApiError';
  }
}

/**
 * The server's user message when it gave one, otherwise the screen's fallback (spec §8). A client
 * error's string detail is such a message, and so is the first field message of a validation list.
 * Server errors (5xx) and network failures get the fallback.
 */
export const errorMessage = (error: unknown, fallback: string): string => {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return fallback;
  if (typeof error.detail === 'string' && error.detail) return error.detail;
  if (Array.isArray(error.detail) && error.detail[0]?.msg) return error.detail[0].msg;
  return fallback;
};

/**
 * `keepalive`: the browser finishes the request even if the page is left or reloaded meanwhile (a
 * small write the user expects kept, such as a rating; the body must stay under 64 KB).
 */
export const request = async <T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  init: { signal?: AbortSignal; keepalive?: boolean; idempotencyKey?: string } = {},
): Promise<T> => {
  const headers: Record<string, string> = { accept: 'application/json' };
  const sessionId = session.get();
  if (sessionId) headers[SESSION_HEADER] = sessionId;
  if (init.idempotencyKey) headers[IDEMPOTENCY_HEADER] = init.idempotencyKey;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(toSnakeCase(body)),
      signal: init.signal,
      keepalive: init.keepalive,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Unable to reach the server. Check your connection and try again.', 'network_error');
  }
  const text = await response.text();
  let payload: unknown;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }
  if (!response.ok) {
    const { detail, code } = (payload ?? {}) as { detail?: string | ValidationIssue[]; code?: string };
    if (response.status === 401 || response.status === 403) session.clear();
    throw new ApiError(response.status, detail, code, response.headers.get('retry-after'));
  }
  return toCamelCase<T>(payload);
};

type Contracts = Operations;
/** A contract part's type as the client sends it (`z.input`: defaults may be left out); undefined when the contract has none. */
type Sent<S> = S extends z.ZodMiniType ? (unknown extends z.input<S> ? undefined : z.input<S>) : undefined;

/** An operation's schema for one part of the request; undefined when it has none. */
type PartOf<Op extends OperationId, K extends 'params' | 'query' | 'body'> = K extends keyof Contracts[Op] ? Contracts[Op][K] : undefined;

export type ApiParams<Op extends OperationId> = Sent<NonNullable<PartOf<Op, 'params'>>>;
export type ApiQuery<Op extends OperationId> = Sent<NonNullable<PartOf<Op, 'query'>>>;
export type ApiBody<Op extends OperationId> = Sent<NonNullable<PartOf<Op, 'body'>>>;
export type ApiResponse<Op extends OperationId> = z.output<Contracts[Op]['response']>;

/** The operations read with GET: the ones an SWR key may name. */
export type GetOperation = { [Op in OperationId]: Operations[Op]['method'] extends 'GET' ? Op : never }[OperationId];

/** Path parameters by name; a list parameter (`…Ids`, comma-separated on the wire) is given as an array. */
type PathValues<P> = { readonly [K in keyof P]: K extends `${string}Ids` ? readonly string[] : P[K] };
type ParamsArg<Op extends OperationId> = ApiParams<Op> extends undefined ? [params?: undefined] : [params: PathValues<ApiParams<Op>>];

declare const operation: unique symbol;
/** A path built by `apiPath` (relative to the API prefix); the brand names its operation, so SWR hooks know its response. */
export type ApiPath<Op extends OperationId = OperationId> = string & { readonly [operation]: Op };

/**
 * The path of an operation (without the API prefix): its route's template with each `{param}`
 * URI-encoded, then the query in snake_case (`fillPath` in lambdas/operations/path.ts). It is also
 * the SWR key of a GET (so `mutate(apiPath(...))` refreshes what a hook shows).
 */
export const apiPath = <Op extends OperationId>(operationId: Op, ...[params, query]: [...ParamsArg<Op>, query?: ApiQuery<Op>]): ApiPath<Op> => {
  const snakeQuery = Object.fromEntries(Object.entries(query ?? {}).map(([key, value]) => [keyToSnakeCase(key), value]));
  return fillPath(__API_ROUTES__[operationId].path, (params ?? {}) as Record<string, PathParamValue>, snakeQuery, operationId) as ApiPath<Op>;
};

type CallOptions<Op extends OperationId> = (ApiParams<Op> extends undefined ? { params?: undefined } : { params: PathValues<ApiParams<Op>> }) &
  (ApiQuery<Op> extends undefined ? { query?: undefined } : { query?: ApiQuery<Op> }) &
  (ApiBody<Op> extends undefined ? { body?: undefined } : undefined extends ApiBody<Op> ? { body?: ApiBody<Op> } : { body: ApiBody<Op> }) & {
    signal?: AbortSignal;
    /** Finish the request even if the page is left meanwhile (request's `keepalive`). */
    keepalive?: boolean;
    /**
     * On a creating operation: the Idempotency-Key to send. Unless given, a new one per action; a
     * retried action whose first answer was lost reuses its key (createOnce).
     */
    idempotencyKey?: string;
  };
type CallArgs<Op extends OperationId> = object extends CallOptions<Op> ? [options?: CallOptions<Op>] : [options: CallOptions<Op>];

/**
 * Calls an operation: `callApi('listCandidates', { params: { positionId }, query: { tab } })`. A POST
 * or PUT without a body sends `{}`.
 */
export const callApi = <Op extends OperationId>(operationId: Op, ...[options]: CallArgs<Op>): Promise<ApiResponse<Op>> => {
  const { params, query, body, signal, keepalive, idempotencyKey } = (options ?? {}) as {
    params?: undefined;
    query?: ApiQuery<Op>;
    body?: unknown;
    signal?: AbortSignal;
    keepalive?: boolean;
    idempotencyKey?: string;
  };
  const route = __API_ROUTES__[operationId];
  const path = (apiPath as (op: OperationId, params?: unknown, query?: unknown) => string)(operationId, params, query);
  const sent = body ?? (route.method === 'POST' || route.method === 'PUT' ? {} : undefined);
  if (route.idempotent)
    return createOnce(`${route.method} ${path} ${JSON.stringify(sent ?? null)}`, idempotencyKey, (key) =>
      request<ApiResponse<Op>>(route.method, path, sent, { signal, keepalive, idempotencyKey: key }),
    );
  const send = () => request<ApiResponse<Op>>(route.method, path, sent, { signal, keepalive });
  // A PUT or DELETE sets a state: sent again when its answer was lost or a service was unavailable (./retry-policy.ts).
  return repeatsSafely(route) ? retriedSafely(send) : send();
};

/**
 * The keys of creating requests whose outcome the SPA never learnt (no answer, or the server ran out
 * of time), by the request: the user's retry of the same action (the same form sent again) carries
 * the same key, so if the first did happen the retry answers its result instead of doing it twice.
 */
const unsettledKeys = new Map<string, string>();

const createOnce = async <T>(request: string, given: string | undefined, send: (key: string) => Promise<T>): Promise<T> => {
  const key = given ?? unsettledKeys.get(request) ?? newActionKey();
  try {
    const result = await retriedSafely(() => send(key));
    unsettledKeys.delete(request);
    return result;
  } catch (error) {
    if (isRetriable(error)) unsettledKeys.set(request, key);
    else unsettledKeys.delete(request);
    throw error;
  }
};

/** A fresh Idempotency-Key: one per user action. */
export const newActionKey = (): string => crypto.randomUUID();

/**
 * Whether a request's failure may be retried (./retry-policy.ts): the answer was lost (no
 * connection), the server ran out of time or a service it needs was unavailable, or the first
 * attempt still runs. Only requests that repeat safely are retried: those with an Idempotency-Key,
 * and the state-setting PUTs and DELETEs.
 */
export const isRetriable = (error: unknown): boolean => error instanceof ApiError && worthRetrying(error.status, error.code);

const retriedSafely = async <T>(attempt: () => Promise<T>): Promise<T> => {
  for (let i = 0; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= RETRY_DELAYS_MS.length || !isRetriable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(i, (error as ApiError).retryAfter)));
    }
  }
};
