import type { HttpMethod } from '../../../lambdas/operations/operation';

/**
 * When the SPA's client sends a request again by itself (issue 37), in one place: the client
 * (./client.ts) follows it, and the soak test's "browser" (test/soak) reads it so that it behaves
 * exactly as the SPA does. Reads (GET) are not here: SWR retries them (web/src/app/provider.tsx).
 *
 * A request may be sent again when repeating it cannot act twice:
 * - an operation marked `idempotent` (a creating request, or one that sends mail) carries its
 *   Idempotency-Key, so a repeat is answered with the first outcome;
 * - a PUT or a DELETE sets a state (a status, a rating, a submission, a deletion): HTTP's idempotent
 *   methods, and the API keeps them so (conditional writes: a repeated submission starts nothing
 *   twice, a status already set is set again).
 * Any other POST is sent once: its failure is shown and the person decides.
 */
export const repeatsSafely = (route: { readonly method: HttpMethod; readonly idempotent?: true }): boolean =>
  route.idempotent === true || route.method === 'PUT' || route.method === 'DELETE';

/**
 * Whether a failed attempt is worth another: the answer was lost (no connection: status 0), the
 * server ran out of time or an AWS service it called stayed unavailable past the SDK's retries
 * (502-504, `service_unavailable` with Retry-After), or the first attempt of the same key still runs.
 * A refusal (4xx) or a 500 (a defect) is not: the same request would fail the same way.
 */
export const worthRetrying = (status: number, code: string | undefined): boolean =>
  status === 0 || status === 502 || status === 503 || status === 504 || code === 'idempotency_in_progress';

/** Pauses before the 2nd and 3rd attempt. */
export const RETRY_DELAYS_MS = [500, 1500] as const;
/** The longest a person waits on one pause, whatever Retry-After asks. */
export const MAX_RETRY_DELAY_MS = 5_000;

/**
 * The pause before attempt `retry + 2` (0: the first retry): the client's own backoff, or the
 * server's Retry-After (seconds) when it asks for longer, up to MAX_RETRY_DELAY_MS.
 */
export const retryDelayMs = (retry: number, retryAfter: string | null | undefined): number => {
  const own = RETRY_DELAYS_MS[Math.min(retry, RETRY_DELAYS_MS.length - 1)]!;
  const seconds = retryAfter ? Number(retryAfter) : NaN;
  const asked = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
  return Math.min(MAX_RETRY_DELAY_MS, Math.max(own, asked));
};
