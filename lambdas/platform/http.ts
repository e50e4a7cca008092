import middy, { type MiddlewareObj } from '@middy/core';
import { isServerError, isThrottlingError, isTransientError } from '@smithy/core/retry';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { Contract, ValidationIssue } from '../contracts/contract';
import type { AuthMode, Operation } from '../operations/operation';
import { keyToSnakeCase, MAX_NESTING_DEPTH, NestingTooDeep, toCamelCase, toSnakeCase } from '../contracts/wire-case';
import { getMembership, type Membership } from '../data/memberships';
import { loadSession, type Session } from '../data/sessions';
import { withRequestReads } from '../data/request-reads';
import { keyPrincipal } from '../domain/api-keys';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from './errors';
import { createLogger, describeError, setLogContext, type Logger } from './logger';
import { runIdempotently } from './idempotency';
import { authenticateApiKey, bearerToken, KEY_NOT_ALLOWED_DETAIL } from './api-key-auth';
import { API_KEY_ERRORS } from '../contracts/api-keys';
import { recordAudit } from '../app/audit/record';
import type { StoredApiKey } from '../data/api-keys';
import { companyRetentionMonths } from '../data/audit';
import type { RetentionMonths } from '../domain/retention';
import { IDEMPOTENCY_HEADER, SESSION_HEADER } from '../contracts/vocabulary';

/**
 * The one handler chain every route uses (middy):
 *   request log → error model → session (per the route's auth mode) → JSON body → zod validation
 *   → handler → response contract → snake_case JSON.
 * Handlers receive camelCase, validated input and return camelCase bodies.
 *
 * `defineHandler` checks the session (and on owner routes the owner) before the handler runs.
 * `defineHandlerAlongsideAuth` starts the handler at once with those checks still running, so its
 * first reads (the object the path names) go out with the session read instead of after it; the
 * checks decide all the same: a refused check is the answer whatever the handler did (a bad
 * session is 401, another company 404, a member on an owner route 403), and the handler's result
 * is sent only once they passed. A session's sliding expiry is written alongside the request.
 */

/** The session header as API Gateway hands it over (lower case). */
const sessionHeader = SESSION_HEADER.toLowerCase();

type Infer<T> = [NonNullable<T>] extends [z.ZodMiniType] ? z.infer<NonNullable<T>> : undefined;

export interface RequestContext<C extends Contract, A extends AuthMode = AuthMode> {
  params: Infer<C['params']>;
  query: Infer<C['query']>;
  body: Infer<C['body']>;
  /** The caller's session: there on `session` and `owner` routes (the chain refuses the request otherwise). */
  session: A extends 'public' ? null : Session;
  /** On `owner` routes: the caller's membership of the path's company. */
  membership: A extends 'owner' ? Membership : null;
  requestId: string;
  log: Logger;
  event: APIGatewayProxyEventV2;
}

/** A response with a non-default status or extra headers. */
export class Reply<T> {
  constructor(
    readonly status: number,
    readonly body: T,
    readonly headers: Record<string, string> = {},
    /** Set-Cookie values: API Gateway's HTTP APIs take them as the result's `cookies`, not as a header. */
    readonly cookies: readonly string[] = [],
  ) {}
}

/** A cookie the browser sent (API Gateway's HTTP APIs hand them over as `event.cookies`, `name=value` each), or undefined. */
export const cookieValue = (event: APIGatewayProxyEventV2, name: string): string | undefined => {
  for (const cookie of event.cookies ?? []) {
    const at = cookie.indexOf('=');
    if (at > 0 && cookie.slice(0, at).trim() === name) return decodeURIComponent(cookie.slice(at + 1).trim());
  }
  return undefined;
};

/**
 * What a handler of `defineHandlerAlongsideAuth` gets: the route's checks as they run. Pass them to
 * the access checks (app/access), which read alongside them and hand results out only once they passed.
 */
export interface AlongsideAuthContext<C extends Contract, A extends AuthMode = AuthMode> extends Omit<
  RequestContext<C, A>,
  'session' | 'membership'
> {
  /** The session check: resolves to the caller's session, or rejects with the 401 the chain answers. */
  session: A extends 'public' ? null : Promise<Session>;
  /** On `owner` routes, the owner check: the caller's membership of the path's company (an owner's), or the 404/403. */
  membership: A extends 'owner' ? Promise<Membership> : null;
}

type Result<C extends Contract> = Promise<z.infer<C['response']> | Reply<z.infer<C['response']>>>;
type Impl<C extends Contract, A extends AuthMode> = (ctx: RequestContext<C, A>) => Result<C>;
type AlongsideImpl<C extends Contract, A extends AuthMode> = (ctx: AlongsideAuthContext<C, A>) => Result<C>;

/**
 * Per-invocation state, keyed by the event object: a module instance may serve concurrent
 * invocations (the local server does), so nothing request-scoped lives in module variables.
 */
interface State {
  requestId: string;
  log: Logger;
  startedAt: number;
  params?: unknown;
  query?: unknown;
  body?: unknown;
  session: Promise<Session> | null;
  membership: Promise<Membership> | null;
  /** The route's check (the owner check on owner routes, else the session check): its refusal wins. */
  check: Promise<unknown> | null;
  /** Writes that run alongside the request (the session's sliding expiry), awaited before it ends. */
  background: Promise<void>[];
  /** The API key the request came with (issue 38), once its checks passed: the request is in the audit log under it. */
  apiKey?: StoredApiKey;
  /** Its company's retention months (the audit entry's expiry), read as soon as the key is known, so the entry is one write at the end. */
  apiKeyRetention?: Promise<RetentionMonths | undefined>;
}
const states = new WeakMap<APIGatewayProxyEventV2, State>();
const freshState = (): State => ({
  requestId: 'local',
  log: createLogger(),
  startedAt: Date.now(),
  session: null,
  membership: null,
  check: null,
  background: [],
});
const stateOf = (event: APIGatewayProxyEventV2): State => {
  let state = states.get(event);
  if (!state) {
    state = freshState();
    states.set(event, state);
  }
  return state;
};

/** The request's logger as it is when called: it names the user once the session check has passed. */
const currentLogger = (state: State): Logger => ({
  debug: (msg, fields) => state.log.debug(msg, fields),
  info: (msg, fields) => state.log.info(msg, fields),
  warn: (msg, fields) => state.log.warn(msg, fields),
  error: (msg, fields) => state.log.error(msg, fields),
  child: (fields) => state.log.child(fields),
});

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

const errorResult = (
  status: number,
  detail: string | ValidationIssue[],
  code: string,
  headers: Record<string, string> = {},
): APIGatewayProxyResultV2 => ({
  statusCode: status,
  headers: { ...jsonHeaders, ...headers },
  body: JSON.stringify({ detail, code }),
});

/** What a request answers when a service it needs kept failing (throttling, its 5xx) through the SDK's retries. */
export const SERVICE_BUSY_DETAIL = 'The service is busy right now. Try again in a moment.';

/**
 * An AWS SDK error the SDK itself would retry (throttling, the service's 5xx, a connection reset or
 * timeout), by the SDK's own classification, that outlasted its attempts: nothing about the request
 * was wrong, so sending it again may succeed.
 */
export const isTransientServiceError = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return false;
  const e = error as Parameters<typeof isTransientError>[0];
  return isThrottlingError(e) || isTransientError(e) || isServerError(e);
};

/** What a request answers when its function's time ran out before it finished (middy's early timeout). */
export const TIMEOUT_DETAIL = 'The request took too long to finish. Try again in a moment.';

/** zod issues → `[{loc, msg, type}]` with the wire's snake_case field names. */
export const toValidationIssues = (part: 'params' | 'query' | 'body', error: z.core.$ZodError): ValidationIssue[] =>
  error.issues.map((issue) => ({
    loc: [part === 'params' ? 'path' : part, ...issue.path.map((p) => (typeof p === 'string' ? keyToSnakeCase(p) : Number(p)))],
    msg: issue.message,
    type: issue.code,
  }));

/** A request header by its lower-case name, whatever case the client (or API Gateway) gave it. */
export const headerValue = (event: APIGatewayProxyEventV2, name: string): string | undefined => {
  const headers = event.headers ?? {};
  const direct = headers[name];
  if (direct !== undefined) return direct;
  const match = Object.keys(headers).find((key) => key.toLowerCase() === name);
  return match ? headers[match] : undefined;
};

const requestLog = (route: Operation): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyResultV2> => {
  const finish = async (request: { event: APIGatewayProxyEventV2; response?: APIGatewayProxyResultV2 | null }) => {
    const state = stateOf(request.event);
    // What ran alongside the request ends with it (Lambda may freeze whatever is left running).
    await Promise.all(state.background);
    const response = request.response;
    const status = typeof response === 'object' && response !== null ? response.statusCode : undefined;
    // Every use of an API key is in its company's audit log, the key as the actor (its principal).
    if (state.apiKey) {
      const retentionMonths = await (state.apiKeyRetention ?? Promise.resolve(undefined));
      await recordAudit({
        ...apiRequestEntry(route, request.event, state.apiKey, status),
        ...(retentionMonths !== undefined ? { retentionMonths } : {}),
      });
    }
    state.log.info('request', { status, durationMs: Date.now() - state.startedAt });
  };
  return {
    before: (request) => {
      const requestId = request.event.requestContext?.requestId ?? request.context.awsRequestId ?? 'local';
      const state = freshState();
      states.set(request.event, state);
      state.requestId = requestId;
      // Every line of the request names it, through this logger or the module's (use cases, adapters).
      setLogContext({ requestId, operation: `${route.method} ${route.path}` });
      state.log = createLogger();
    },
    after: finish,
    onError: finish,
  };
};

const errorModel = (): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyResultV2> => ({
  onError: (request) => {
    const state = stateOf(request.event);
    const error = request.error;
    if (error instanceof HttpError) {
      request.response = errorResult(error.status, error.detail, error.code, error.headers);
      return;
    }
    // middy answers just before the function's timeout, while the handler may still finish: a 503
    // the client may retry (with the same Idempotency-Key, a creating request then does nothing twice).
    if (error instanceof Error && error.name === 'TimeoutError') {
      state.log.error('timed out', describeError(error));
      request.response = errorResult(503, TIMEOUT_DETAIL, 'timeout', { 'retry-after': '1' });
      return;
    }
    // An AWS service still throttling or failing after the SDK's retries: the request may be sent again
    // (creating ones with their Idempotency-Key), so it is a 503 with Retry-After, not a 500.
    if (isTransientServiceError(error)) {
      state.log.error('service unavailable after retries', describeError(error));
      request.response = errorResult(503, SERVICE_BUSY_DETAIL, 'service_unavailable', { 'retry-after': '2' });
      return;
    }
    state.log.error('unhandled error', describeError(error));
    request.response = errorResult(500, 'Something went wrong on our side. Please try again.', 'internal_error');
  },
});

/** Owner routes: the caller must be the owner of the path's company (another company is a 404 that reveals nothing). */
const ownerCheck = async (route: Operation, event: APIGatewayProxyEventV2, session: Promise<Session>): Promise<Membership> => {
  const companyId = event.pathParameters?.companyId;
  if (!companyId) throw new Error(`Owner route ${route.path} has no {companyId} path parameter`);
  const membership = await getMembership(companyId, (await session).userId);
  if (!membership) throw notFound();
  if (membership.role !== 'owner') throw forbidden();
  return membership;
};

/** The audit entry of one request made with an API key: the route and its answer's status, and the candidate or position the path names. */
const apiRequestEntry = (route: Operation, event: APIGatewayProxyEventV2, key: StoredApiKey, status: number | undefined) => ({
  companyId: key.companyId,
  action: 'api_request' as const,
  actor: { userId: keyPrincipal(key.companyId, key.keyId) },
  ...(event.pathParameters?.candidateId ? { candidateId: event.pathParameters.candidateId } : {}),
  ...(event.pathParameters?.positionId ? { positionId: event.pathParameters.positionId } : {}),
  detail: `${route.method} ${route.path} → ${status ?? 'no answer'}`,
});

/**
 * A request with `Authorization: Bearer <key>` and no session (issue 38): the key's checks
 * (platform/api-key-auth.ts) in place of the session's, giving the same kind of session, whose user
 * id is the key's principal, so every access rule downstream applies to it unchanged.
 */
const keySession = (route: Operation, token: string, state: State): Promise<Session> =>
  authenticateApiKey(route, token).then(({ userId, key }): Session => {
    state.apiKey = key;
    // Read alongside the request (a failed read leaves recordAudit to read it again).
    state.apiKeyRetention = companyRetentionMonths(key.companyId).catch(() => undefined);
    state.log = state.log.child({ userId, apiKeyId: key.keyId });
    return {
      sessionHash: `apikey:${key.keyId}`,
      userId,
      expiresAt: key.expiresAt ? Math.floor(Date.parse(key.expiresAt) / 1000) : Number.MAX_SAFE_INTEGER,
    };
  });

/**
 * The route's checks: the session (by the hash of X-Session-Id) and, on owner routes, the owner.
 * They are awaited here, before the handler, unless the handler takes them as they run (`alongside`).
 */
const authenticate = (route: Operation, alongside: boolean): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyResultV2> => ({
  before: async (request) => {
    if (route.auth === 'public') return;
    const state = stateOf(request.event);
    const sessionId = headerValue(request.event, sessionHeader)?.trim();
    const authorization = sessionId ? undefined : headerValue(request.event, 'authorization');
    if (authorization !== undefined) {
      state.session = keySession(route, bearerToken(authorization) ?? '', state);
      // A key never passes an owner check (keySession refuses those routes): a handler that reads alongside it waits on this refusal too.
      state.membership =
        route.auth === 'owner'
          ? state.session.then(() => {
              throw forbidden(KEY_NOT_ALLOWED_DETAIL, API_KEY_ERRORS.notAllowed);
            })
          : null;
      // The check the chain awaits includes that refusal, so it is never left unhandled by a handler that does not wait on it.
      state.check = state.membership ?? state.session;
      if (!alongside) await state.check;
      return;
    }
    if (!sessionId || sessionId.length > 256) throw unauthorized();
    const session = loadSession(sessionId).then((loaded): Session => {
      if (!loaded) throw unauthorized('Your session has ended. Sign in again.', 'session_expired');
      const { slide, ...current } = loaded;
      if (slide) state.background.push(slide());
      state.log = state.log.child({ userId: current.userId });
      return current;
    });
    state.session = session;
    state.membership = route.auth === 'owner' ? ownerCheck(route, request.event, session) : null;
    state.check = state.membership ?? session;
    if (!alongside) await state.check;
  },
});

/**
 * Bytes of JSON a body may have. The largest real body (a bulk invite of 500 candidates) is about
 * 200 KB; API Gateway would take up to 6 MB into Lambda, more than any contract needs.
 */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * The body, parsed and in camelCase. Everything that can fail on what the client sent happens
 * here and is a 400 (or 413/415): size, JSON syntax and nesting depth (bounded before any
 * recursion can run out of stack).
 */
/** The body exactly as the client sent it (API Gateway may hand it over base64-encoded); '' when there is none. */
export const rawBody = (event: APIGatewayProxyEventV2): string =>
  event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';

const parseJsonBody = (event: APIGatewayProxyEventV2): unknown => {
  const raw = rawBody(event);
  if (raw === '') return undefined;
  const contentType = headerValue(event, 'content-type') ?? 'application/json';
  if (!/^application\/(.+\+)?json/i.test(contentType)) {
    throw new HttpError(415, 'Send the request body as JSON (Content-Type: application/json).', 'unsupported_media_type');
  }
  if (Buffer.byteLength(raw, 'utf8') > MAX_JSON_BODY_BYTES) {
    throw new HttpError(413, `The request body is too large (at most ${MAX_JSON_BODY_BYTES} bytes of JSON).`, 'payload_too_large');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('The request body is not valid JSON.', 'invalid_json');
  }
  try {
    return toCamelCase(parsed);
  } catch (error) {
    if (error instanceof NestingTooDeep) {
      throw badRequest(`The request body is nested too deeply (at most ${MAX_NESTING_DEPTH} levels).`, 'too_deep');
    }
    throw error;
  }
};

const validate = (contract: Contract): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyResultV2> => ({
  before: async (request) => {
    const state = stateOf(request.event);
    try {
      parseInput(contract, request.event, state);
    } catch (error) {
      // A refused check is the answer, before anything the client sent wrong.
      await state.check;
      throw error;
    }
  },
});

/** The path, query and body onto the request's state, validated and in camelCase; a 400 (413, 415) for what the client sent wrong. */
const parseInput = (contract: Contract, event: APIGatewayProxyEventV2, state: State): void => {
  const issues: ValidationIssue[] = [];
  const check = <K extends 'params' | 'query' | 'body'>(part: K, schema: z.ZodMiniType | undefined, input: unknown) => {
    if (!schema) return undefined;
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    issues.push(...toValidationIssues(part, result.error));
    return undefined;
  };
  const body = contract.body ? parseJsonBody(event) : undefined;
  state.params = check('params', contract.params, event.pathParameters ?? {});
  state.query = check('query', contract.query, toCamelCase(event.queryStringParameters ?? {}));
  state.body = check('body', contract.body, body);
  if (issues.length > 0) throw badRequest(issues, 'validation_error');
};

const chain = <C extends Operation>(contract: C, run: (state: State, event: APIGatewayProxyEventV2) => Result<C>, alongside: boolean) => {
  const respond = async (state: State, event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const result = await run(state, event);
    const reply = result instanceof Reply ? result : new Reply(contract.successStatus ?? 200, result);
    if (reply.status === 204) return { statusCode: 204, headers: { 'cache-control': 'no-store', ...reply.headers } };
    const checked = contract.response.safeParse(reply.body);
    if (!checked.success) {
      state.log.error('response does not match its contract', { issues: checked.error.issues });
      throw new Error('Response contract violation');
    }
    return {
      statusCode: reply.status,
      headers: { ...jsonHeaders, ...reply.headers },
      ...(reply.cookies.length > 0 ? { cookies: [...reply.cookies] } : {}),
      body: JSON.stringify(contract.verbatimResponse ? checked.data : toSnakeCase(checked.data)),
    };
  };
  const core = async (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyResultV2> => {
    const state = stateOf(event);
    // A creating route with an Idempotency-Key runs once per caller and key (after the route's check).
    const caller = async () => {
      if (!state.check) return '';
      await state.check;
      return (await state.session)?.userId ?? '';
    };
    const key = headerValue(event, IDEMPOTENCY_HEADER.toLowerCase());
    return runIdempotently(contract, event, context, { key, body: rawBody(event), caller }, () => respond(state, event));
  };
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyResultV2, Error, Context>(core)
    .use(requestLog(contract))
    .use(errorModel())
    .use(authenticate(contract, alongside))
    .use(validate(contract));
  // Each request plans its reads by key (data/request-reads.ts): the session's and the handler's first reads go out together.
  return (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyResultV2> => withRequestReads(() => handler(event, context));
};

const contextOf = (state: State, event: APIGatewayProxyEventV2) => ({
  params: state.params,
  query: state.query,
  body: state.body,
  requestId: state.requestId,
  log: currentLogger(state),
  event,
});

/**
 * A route's handler: its operation (lambdas/operations/<area>.ts) wrapped in the handler chain. The
 * auth mode it enforces is the one its operation declares (and thus CDK and the local server mount),
 * and the context is typed by it: a `session` route's implementation gets a session, never null.
 */
export const defineHandler = <O extends Operation>(operation: O, impl: Impl<O, O['auth']>) =>
  chain(
    operation,
    // authenticate() has awaited the session (and membership) exactly as the route's auth mode promises.
    async (state, event) =>
      impl({ ...contextOf(state, event), session: await state.session, membership: await state.membership } as RequestContext<O, O['auth']>),
    false,
  );

/**
 * The chain for a handler that reads alongside the route's checks: it starts at once with the
 * session (and owner) check as promises, and what it returns is sent only if they pass; a refused
 * check is the answer whatever the handler did meanwhile (lambdas/app/access/alongside.ts).
 */
export const defineHandlerAlongsideAuth = <O extends Operation>(operation: O, impl: AlongsideImpl<O, O['auth']>) =>
  chain(
    operation,
    async (state, event) => {
      const handled = impl({ ...contextOf(state, event), session: state.session, membership: state.membership } as AlongsideAuthContext<
        O,
        O['auth']
      >);
      if (!state.check) return handled;
      // Settled at once, so a handler's failure never surfaces as an unhandled rejection while the check runs.
      const settled = handled.then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      await state.check;
      const outcome = await settled;
      if (!outcome.ok) throw outcome.error;
      return outcome.value;
    },
    true,
  );
