import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from '../data/idempotency';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '../contracts/vocabulary';
import type { Operation } from '../operations/operation';
import { sha256 } from './crypto';
import { badRequest, HttpError } from './errors';

/**
 * The handler chain's idempotency step (issue 37) for operations marked `idempotent`: with an
 * `Idempotency-Key`, the request is run once per route, caller and key within 24 hours
 * (lambdas/data/idempotency.ts). A repeat is answered with the stored response (and
 * `Idempotent-Replayed: true`); a repeat while the first still runs is a 409 with `Retry-After`;
 * the same key for another request (another path or body) is a 422. Only a success is stored: a
 * refused request (4xx) changed nothing, so its retry runs anew. Without the header nothing changes.
 */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** The lock when the function's remaining time is not known (Lambda's context always tells it). */
const DEFAULT_LOCK_MS = 30_000;

export const messages = {
  badKey: `${IDEMPOTENCY_HEADER} must be 1 to 255 visible ASCII characters (a UUID is a good choice).`,
  inProgress: `A request with this ${IDEMPOTENCY_HEADER} is still being processed. Try again in a moment.`,
  reused: `This ${IDEMPOTENCY_HEADER} was already used for a different request. Send a new key for a new request.`,
};

/** What makes two requests the same one: method, path, query and body as sent. */
const requestHashOf = (event: APIGatewayProxyEventV2, body: string) =>
  sha256(`${event.requestContext.http.method} ${event.rawPath}?${event.rawQueryString ?? ''}\n${body}`);

export const runIdempotently = async (
  route: Operation,
  event: APIGatewayProxyEventV2,
  context: Context | undefined,
  request: {
    /** The request's Idempotency-Key header, if it has one. */
    key: string | undefined;
    /** The raw body as the client sent it. */
    body: string;
    /** The caller the key belongs to (their user id, or '' on a public route); rejects when the route's check refuses. */
    caller: () => Promise<string>;
  },
  run: () => Promise<APIGatewayProxyStructuredResultV2>,
): Promise<APIGatewayProxyStructuredResultV2> => {
  const key = route.idempotent ? request.key : undefined;
  if (key === undefined) return run();
  if (!KEY_PATTERN.test(key)) throw badRequest(messages.badKey, 'invalid_idempotency_key');
  const caller = await request.caller();
  const scopeHash = sha256(`${route.method} ${route.path}\n${caller}\n${key}`);
  const requestHash = requestHashOf(event, request.body);
  const lockMs = context?.getRemainingTimeInMillis?.() ?? DEFAULT_LOCK_MS;
  const claim = await claimIdempotencyKey(scopeHash, requestHash, lockMs);
  if (claim.outcome === 'mismatch') throw new HttpError(422, messages.reused, 'idempotency_key_reused');
  if (claim.outcome === 'in_progress') {
    const seconds = Math.max(1, Math.ceil((claim.lockedUntil - Date.now()) / 1000));
    throw new HttpError(409, messages.inProgress, 'idempotency_in_progress', { 'retry-after': String(Math.min(seconds, 30)) });
  }
  if (claim.outcome === 'completed') {
    const { statusCode, headers, body } = claim.response;
    return { statusCode, headers: { ...headers, [IDEMPOTENT_REPLAY_HEADER.toLowerCase()]: 'true' }, body };
  }
  let result: APIGatewayProxyStructuredResultV2;
  try {
    result = await run();
  } catch (error) {
    await releaseIdempotencyKey(scopeHash, requestHash);
    throw error;
  }
  const statusCode = result.statusCode ?? 200;
  if (statusCode >= 200 && statusCode < 300) {
    const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)]));
    await completeIdempotencyKey(scopeHash, requestHash, { statusCode, headers, body: result.body ?? '' });
  } else {
    await releaseIdempotencyKey(scopeHash, requestHash);
  }
  return result;
};
