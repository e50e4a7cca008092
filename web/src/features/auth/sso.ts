import { SSO_ERROR_CODES, SSO_ERROR_MESSAGES, type SsoErrorCode } from '../../../../lambdas/contracts/sso';
import { ApiError } from '../../api/client';
import { safeReturnPath } from '../../config/paths';

/**
 * Single sign-on in the auth screens (issue 42), the pure parts: what the app's `#/sso` address
 * brought back, whether a refusal means "use single sign-on", and where to go once signed in.
 */
export type SsoReturn = { kind: 'ticket'; ticket: string } | { kind: 'error'; code: SsoErrorCode; message: string } | { kind: 'missing' };

const isErrorCode = (code: string): code is SsoErrorCode => (SSO_ERROR_CODES as readonly string[]).includes(code);

/**
 * The `#/sso?ticket=…` or `#/sso?error=<code>` the callback sent the browser to (the router's search).
 * An unknown error code reads as the general failure; neither as `missing`.
 */
export const readSsoReturn = (search: string): SsoReturn => {
  const params = new URLSearchParams(search);
  const ticket = params.get('ticket');
  if (ticket) return { kind: 'ticket', ticket };
  const error = params.get('error');
  if (error) {
    const code = isErrorCode(error) ? error : 'sso_failed';
    return { kind: 'error', code, message: SSO_ERROR_MESSAGES[code] };
  }
  return { kind: 'missing' };
};

/** The code routes' refusal for a member whose company requires single sign-on. */
export const SSO_REQUIRED_CODE = 'sso_required';
export const isSsoRequired = (error: unknown) => error instanceof ApiError && error.status === 403 && error.code === SSO_REQUIRED_CODE;

/**
 * Where to go after the single sign-on, kept for the trip through the identity provider (this tab
 * only); only a same-app path is kept and followed.
 */
const RETURN_KEY = 'sso_return_to_path';
export const ssoReturnPath = {
  keep(path: string | undefined, store: Pick<Storage, 'setItem' | 'removeItem'> = window.sessionStorage) {
    try {
      const safe = safeReturnPath(path);
      if (safe) store.setItem(RETURN_KEY, safe);
      else store.removeItem(RETURN_KEY);
    } catch {
      // best effort (storage disabled)
    }
  },
  take(store: Pick<Storage, 'getItem' | 'removeItem'> = window.sessionStorage): string | null {
    try {
      const path = store.getItem(RETURN_KEY);
      store.removeItem(RETURN_KEY);
      return safeReturnPath(path);
    } catch {
      return null;
    }
  },
};
