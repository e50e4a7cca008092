import type { ValidationIssue } from '../../../lambdas/contracts/contract';
import { toCamelCase, toSnakeCase } from '../../../lambdas/contracts/wire-case';
import { session } from '../lib/session';

/**
 * The one HTTP client of the SPA (spec §7, §8): `/api/v1`, snake_case on the wire and camelCase
 * here, the session header, and errors carrying status, detail and code. A 401 or 403 drops the
 * session, which signs the user out (the router then goes to /signin).
 */
export const API_BASE = '/api/v1';
const SESSION_HEADER = 'X-Session-Id';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | ValidationIssue[] | undefined,
    readonly code: string | undefined,
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const request = async <T>(method: Method, path: string, body?: unknown, init: { signal?: AbortSignal } = {}): Promise<T> => {
  const headers: Record<string, string> = { accept: 'application/json' };
  const sessionId = session.get();
  if (sessionId) headers[SESSION_HEADER] = sessionId;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(toSnakeCase(body)),
      signal: init.signal,
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
    throw new ApiError(response.status, detail, code);
  }
  return toCamelCase<T>(payload);
};

export const api = {
  get: <T>(path: string, init?: { signal?: AbortSignal }) => request<T>('GET', path, undefined, init),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  del: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
};
