import { inject } from 'vitest';

/** A small client for API tests: JSON in snake_case, as a browser would send it. */
export const baseUrl = (): string => inject('baseUrl');

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export const call = async <T = any>(
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; session?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined || options.rawBody !== undefined) headers['content-type'] ??= 'application/json';
  if (options.session) headers['x-session-id'] = options.session;
  const response = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON; the test sees the text
  }
  return { status: response.status, body: body as T, headers: response.headers };
};
