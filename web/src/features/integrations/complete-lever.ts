import type { GlobalAlertValue } from '../../lib/global-alert';
import { paths } from '../../config/paths';
import { messages } from './messages';

/** What Lever's consent handed back (the query of `/complete-lever-integration`). */
export interface LeverReturn {
  state: string | null;
  code: string | null;
  error: string | null;
  errorDescription: string | null;
}

export const readLeverReturn = (query: URLSearchParams): LeverReturn => ({
  state: query.get('state') || null,
  code: query.get('code') || null,
  error: query.get('error') || null,
  errorDescription: query.get('error_description') || null,
});

/** The two calls that end a consent, each answering the company it was for. */
export interface LeverCalls {
  complete: (state: string, code: string) => Promise<{ companyId: string }>;
  abort: (state: string, error: string | null, errorDescription: string | null) => Promise<{ companyId: string }>;
}

export interface LeverOutcome {
  alert: GlobalAlertValue;
  /** The company's home, or `/` when no company came back. */
  to: string;
  /** The company whose integrations changed (a completed consent). */
  connected: string | null;
}

// The abort's contract takes Lever's error and description up to these lengths.
const ERROR_MAX = 200;
const DESCRIPTION_MAX = 2000;

/**
 * Completes the consent when Lever gave a code, and otherwise ends it (refused or cancelled in
 * Lever); either way the user goes to the company the consent was for, with a global alert saying
 * whether Lever is connected (spec §2). A consent without a state names nothing to end.
 */
export const settleLeverReturn = async (ret: LeverReturn, calls: LeverCalls): Promise<LeverOutcome> => {
  const failed = (companyId: string | null): LeverOutcome => ({
    alert: { message: messages.completeFailed, severity: 'error' },
    to: companyId ? paths.company.to(companyId) : paths.home.to(),
    connected: null,
  });
  if (!ret.state) return failed(null);
  try {
    if (ret.code) {
      const { companyId } = await calls.complete(ret.state, ret.code);
      return { alert: { message: messages.completed, severity: 'success' }, to: paths.company.to(companyId), connected: companyId };
    }
    const { companyId } = await calls.abort(
      ret.state,
      ret.error?.slice(0, ERROR_MAX) ?? null,
      ret.errorDescription?.slice(0, DESCRIPTION_MAX) ?? null,
    );
    return failed(companyId);
  } catch {
    return failed(null);
  }
};
