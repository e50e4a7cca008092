import { createHmac, timingSafeEqual } from 'node:crypto';
import { AtsRequestFailed } from './adapter';

/**
 * The one way adapters call an ATS: fetch with a timeout, JSON or form bodies, and every failure
 * as AtsRequestFailed (`retryable` for the network, 408, 429 and 5xx). Callers turn a 401/403 on
 * the credential check into AtsCredentialsRejected.
 */
export interface AtsRequest {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly headers?: Record<string, string>;
  /** Sent as JSON. */
  readonly json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  readonly form?: Record<string, string>;
  readonly timeoutMs?: number;
}

const TIMEOUT_MS = 8000;

export const basicAuth = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** Calls the ATS and returns the parsed JSON body (null for an empty one) with the response's headers (pagination by Link header). */
export const atsExchange = async <T = unknown>(url: string, request: AtsRequest = {}): Promise<{ body: T; headers: Headers }> => {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form) {
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(request.timeoutMs ?? TIMEOUT_MS),
    });
  } catch (error) {
    throw new AtsRequestFailed(`${new URL(url).host} did not answer (${error instanceof Error ? error.message : String(error)})`, null, true);
  }
  const text = await response.text();
  if (!response.ok) {
    const retryable = response.status === 408 || response.status === 429 || response.status >= 500;
    throw new AtsRequestFailed(
      `${new URL(url).host} answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`,
      response.status,
      retryable,
    );
  }
  if (!text) return { body: null as T, headers: response.headers };
  try {
    return { body: JSON.parse(text) as T, headers: response.headers };
  } catch {
    throw new AtsRequestFailed(`${new URL(url).host} answered with something other than JSON`, response.status, false);
  }
};

/** Calls the ATS and returns the parsed JSON body (null for an empty one). */
export const atsRequest = async <T = unknown>(url: string, request: AtsRequest = {}): Promise<T> => (await atsExchange<T>(url, request)).body;

/** Whether a failed call was the ATS refusing the credentials. */
export const refusedCredentials = (error: unknown): boolean => error instanceof AtsRequestFailed && (error.status === 401 || error.status === 403);

/** HMAC of `data` with `secret`, hex (webhook signatures). */
export const hmacHex = (secret: string, data: string, algorithm: 'sha256' | 'sha1' = 'sha256') =>
  createHmac(algorithm, secret).update(data, 'utf8').digest('hex');

/** Compares two signatures in constant time. */
export const sameSignature = (expected: string, given: string | undefined): boolean => {
  if (!given) return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
};
