import type { Page, Route } from 'playwright-core';
import { API_PREFIX, type OperationId } from '../../../lambdas/operations/index';
import { isResponseTo, type PathParams } from '../../support/api';

/**
 * How a failed call fails: the server's generic 500 (the error model of DESIGN.md §3, no user
 * message, so the screen shows its spec §8 fallback), or a connection lost before any answer.
 *
 * The SPA retries the calls that repeat safely (those with an Idempotency-Key, and PUTs and DELETEs)
 * on a network error, 502, 503 or 504 (web/src/api/retry-policy.ts): a 500 fails them at once, a
 * lost connection fails every attempt.
 */
export type Failure = 'server-error' | 'connection-reset';

export const SERVER_ERROR = { detail: 'Internal Server Error', code: 'internal_error' } as const;

export interface FailedCalls {
  /** How many requests were failed so far. */
  readonly count: () => number;
  /** Lets the operation through again. */
  readonly restore: () => Promise<void>;
}

const isApi = (url: URL) => url.pathname.startsWith(API_PREFIX);

/**
 * Fails every browser request of one API operation (matched by its method and path template, as
 * `isResponseTo` matches a response; with `params`, only that path) until `restore` is called;
 * other requests go on to the server. No API path is spelled by hand.
 */
export const failOperation = async <Op extends OperationId>(
  page: Page,
  operationId: Op,
  {
    failure = 'server-error',
    params,
    delayMs = 0,
    after = 0,
  }: {
    failure?: Failure;
    params?: PathParams<Op>;
    delayMs?: number;
    /** Lets this many requests of the operation through first (the second of two uploads fails). */
    after?: number;
  } = {},
): Promise<FailedCalls> => {
  const matches = isResponseTo(operationId, params);
  let count = 0;
  let passed = 0;
  const handler = async (route: Route) => {
    const request = route.request();
    if (!matches({ url: () => request.url(), request: () => request })) {
      await route.fallback();
      return;
    }
    if (passed < after) {
      passed++;
      await route.fallback();
      return;
    }
    count++;
    // A delay lets a test see what the screen shows while the call is under way (an optimistic change).
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (failure === 'connection-reset') await route.abort('connectionreset');
    else await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(SERVER_ERROR) });
  };
  await page.route(isApi, handler);
  return {
    count: () => count,
    restore: () => page.unroute(isApi, handler),
  };
};

/**
 * Fails the browser's PUTs straight to storage (the presigned S3 URLs, outside the API) with S3's
 * `SlowDown` 503, until `restore` is called.
 */
export const failStorageUploads = async (page: Page): Promise<FailedCalls> => {
  let count = 0;
  const isStorage = (url: URL) => !isApi(url);
  const handler = async (route: Route) => {
    if (route.request().method() !== 'PUT') {
      await route.fallback();
      return;
    }
    count++;
    await route.fulfill({
      status: 503,
      contentType: 'application/xml',
      body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>',
    });
  };
  await page.route(isStorage, handler);
  return { count: () => count, restore: () => page.unroute(isStorage, handler) };
};

/**
 * Uncaught page errors (a failure must be shown, never thrown at the window). Failed responses and the
 * console lines Chromium writes for them are expected here, so they are not collected.
 */
export const trackPageErrors = (page: Page): string[] => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
};
