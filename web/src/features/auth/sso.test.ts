import { describe, expect, it } from 'vitest';
import { SSO_ERROR_MESSAGES } from '../../../../lambdas/contracts/sso';
import { ApiError } from '../../api/client';
import { isSsoRequired, readSsoReturn, ssoReturnPath } from './sso';

describe('what a single sign-on brought back', () => {
  it('is a ticket, an error in words, or nothing', () => {
    expect(readSsoReturn('?ticket=abcdefghijklmnopqrstuv')).toEqual({ kind: 'ticket', ticket: 'abcdefghijklmnopqrstuv' });
    expect(readSsoReturn('?error=sso_not_member')).toEqual({ kind: 'error', code: 'sso_not_member', message: SSO_ERROR_MESSAGES.sso_not_member });
    expect(readSsoReturn('')).toEqual({ kind: 'missing' });
  });

  it('reads an unknown error code as the general failure', () => {
    expect(readSsoReturn('?error=%3Cscript%3E')).toEqual({ kind: 'error', code: 'sso_failed', message: SSO_ERROR_MESSAGES.sso_failed });
  });
});

describe('a code refused for single sign-on', () => {
  it('is a 403 with the code sso_required, nothing else', () => {
    expect(isSsoRequired(new ApiError(403, 'Use single sign-on.', 'sso_required'))).toBe(true);
    expect(isSsoRequired(new ApiError(403, 'Forbidden', 'forbidden'))).toBe(false);
    expect(isSsoRequired(new ApiError(400, 'x', 'sso_required'))).toBe(false);
    expect(isSsoRequired(new Error('sso_required'))).toBe(false);
  });
});

describe('the path to return to after the identity provider', () => {
  const memory = () => {
    const map = new Map<string, string>();
    return {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
  };

  it('is kept once and only when it is a path of the app', () => {
    const store = memory();
    ssoReturnPath.keep('/companies/c1/positions', store);
    expect(ssoReturnPath.take(store)).toBe('/companies/c1/positions');
    expect(ssoReturnPath.take(store)).toBeNull();
    ssoReturnPath.keep('//evil.example', store);
    expect(ssoReturnPath.take(store)).toBeNull();
    ssoReturnPath.keep('/a', store);
    ssoReturnPath.keep(undefined, store);
    expect(ssoReturnPath.take(store)).toBeNull();
  });
});
