import { inject } from 'vitest';

/** A small client for API tests: JSON in snake_case, as a browser would send it. */
export const baseUrl = (): string => inject('baseUrl');

export interface ApiResponse<T = any> {
  status: number;
  /** The JSON body, or the text when it is not JSON. */
  body: T;
  text: string;
  headers: Headers;
}

/**
 * The tests' one HTTP client for the API (api, e2e and bench alike). `body` is sent as JSON;
 * `rawBody` as it is, with the content type given in `headers` (JSON by default).
 */
export const call = async <T = any>(
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; session?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<ApiResponse<T>> => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined || options.rawBody !== undefined) headers['content-type'] ??= 'application/json';
  if (options.session) headers['x-session-id'] = options.session;
  const response = await fetch(`${baseUrl()}/api/v1${path}`, {
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
