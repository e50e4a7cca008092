import { keyToCamelCase } from '../../../lambdas/contracts/wire-case';
import { ApiError, errorMessage } from './client';

/**
 * A failed save's messages where the form shows them: a 400's validation list (`detail` as
 * `[{loc, msg, type}]`, loc `['body', 'expires_at', …]` in the wire's snake_case) by the body field it
 * names (camelCase, the form's own names), the first message of each; whatever names no field of the
 * form (a string detail, another part of the request, a server error or no connection) as `form`,
 * with the screen's fallback where the server gave no message of its own (errorMessage).
 */
export interface FieldErrors<F extends string> {
  fields: Partial<Record<F, string>>;
  form: string | null;
}

export const fieldErrors = <F extends string>(error: unknown, fields: readonly F[], fallback: string): FieldErrors<F> => {
  const found: Partial<Record<F, string>> = {};
  const rest: string[] = [];
  if (error instanceof ApiError && Array.isArray(error.detail) && error.status === 400) {
    for (const issue of error.detail) {
      const [part, key] = issue.loc;
      const field = part === 'body' && typeof key === 'string' ? keyToCamelCase(key) : undefined;
      if (field !== undefined && (fields as readonly string[]).includes(field)) found[field as F] ??= issue.msg;
      else rest.push(issue.msg);
    }
    return { fields: found, form: rest.length > 0 ? rest.join(' ') : null };
  }
  return { fields: found, form: errorMessage(error, fallback) };
};

export const noFieldErrors = { fields: {}, form: null } as const;
