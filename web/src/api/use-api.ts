import useSWR, { type SWRConfiguration } from 'swr';
import useSWRInfinite, { type SWRInfiniteConfiguration } from 'swr/infinite';
import { useSessionId } from '../lib/session';
import { api } from './client';

/**
 * SWR over the one client. `useApi` is for signed-in calls: without a session it waits instead of
 * asking (a screen still on its way out after sign-out fetches nothing); a null path waits too.
 * `usePublicApi` is for calls that need no session.
 */
export const useApi = <T>(path: string | null, config?: SWRConfiguration<T>) => {
  const sessionId = useSessionId();
  return useSWR<T>(sessionId ? path : null, (key: string) => api.get<T>(key), config);
};

export const usePublicApi = <T>(path: string | null, config?: SWRConfiguration<T>) => useSWR<T>(path, (key: string) => api.get<T>(key), config);

/**
 * A signed-in list read page by page, for "Load more" (`setSize(size + 1)` asks for the next page).
 * `nextPage` gives the path of the page after `previous` (the first page when it is null), or null
 * when there are no more. Without a session it waits, as `useApi` does.
 */
export const usePagedApi = <T>(nextPage: (previous: T | null) => string | null, config?: SWRInfiniteConfiguration<T>) => {
  const sessionId = useSessionId();
  return useSWRInfinite<T>(
    (_index, previous: T | null) => (sessionId ? nextPage(previous) : null),
    (key: string) => api.get<T>(key),
    config,
  );
};
