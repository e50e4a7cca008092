import type { ValidationIssue } from '../contracts/contract';

/**
 * An error the client is meant to see: HTTP status plus `{detail, code}` (DESIGN.md §3).
 * Anything else thrown by a handler becomes a generic 500 without internals.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | ValidationIssue[],
    readonly code: string,
    /** Headers the response carries besides the JSON ones (a `Retry-After`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : 'Validation failed');
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string | ValidationIssue[], code = 'bad_request') => new HttpError(400, detail, code);
export const unauthorized = (detail = 'Sign in to continue.', code = 'unauthenticated') => new HttpError(401, detail, code);
export const forbidden = (detail = 'Only the company owner can do this.', code = 'forbidden') => new HttpError(403, detail, code);
export const notFound = (detail = 'Not found.', code = 'not_found') => new HttpError(404, detail, code);
export const conflict = (detail: string, code = 'conflict') => new HttpError(409, detail, code);
export const paymentRequired = (detail: string, code = 'plan_required') => new HttpError(402, detail, code);
export const tooManyRequests = (detail: string, code = 'rate_limited') => new HttpError(429, detail, code);
