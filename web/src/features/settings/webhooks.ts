import type { WebhookDeliveryOutcome } from '../../../../lambdas/contracts/webhooks';

/** The rules of Company settings → Webhooks (issue 38) that need no screen. */

/** What an endpoint's status says: enabled, failing (still enabled), or disabled and why. */
export type EndpointStatus =
  { kind: 'enabled' } | { kind: 'failing'; since: string } | { kind: 'disabled'; reason: 'owner' | 'failing'; at: string | null };

export const endpointStatus = (endpoint: {
  enabled: boolean;
  disabledReason: 'owner' | 'failing' | null;
  disabledAt: string | null;
  failingSince: string | null;
}): EndpointStatus =>
  !endpoint.enabled
    ? { kind: 'disabled', reason: endpoint.disabledReason ?? 'owner', at: endpoint.disabledAt }
    : endpoint.failingSince
      ? { kind: 'failing', since: endpoint.failingSince }
      : { kind: 'enabled' };

/** A receiver's URL as typed: trimmed; empty or not a URL at all is for the form to say before sending. */
export const urlProblem = (url: string): string | null => {
  const text = url.trim();
  if (text === '') return 'Enter the endpoint’s URL.';
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) return 'Enter a URL starting with https://.';
  return null;
};

/** The changes an edit sends: only what differs from the endpoint as saved (nothing: nothing to save). */
export const endpointChanges = <E extends string>(
  saved: { url: string; events: readonly E[]; description: string },
  draft: { url: string; events: readonly E[]; description: string },
): { url?: string; events?: E[]; description?: string } => {
  const url = draft.url.trim();
  const description = draft.description.trim();
  const sameEvents = saved.events.length === draft.events.length && saved.events.every((e) => draft.events.includes(e));
  return {
    ...(url !== saved.url ? { url } : {}),
    ...(sameEvents ? {} : { events: [...draft.events] }),
    ...(description !== saved.description ? { description } : {}),
  };
};

export const OUTCOME_BADGE: Record<WebhookDeliveryOutcome, 'success' | 'error' | 'warning' | 'info'> = {
  delivered: 'success',
  failed: 'error',
  refused: 'error',
  skipped: 'info',
};

/** A latency as the log shows it: "84 ms", "1.2 s"; none when there was no answer. */
export const formatLatency = (ms: number | null): string => (ms === null ? '—' : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);
