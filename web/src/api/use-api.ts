import useSWR, { type SWRConfiguration } from 'swr';
import useSWRInfinite, { type SWRInfiniteConfiguration } from 'swr/infinite';
import { useSessionId } from '../lib/session';
import { request, type ApiPath, type ApiResponse, type GetOperation } from './client';

const get = <T>(path: string) => request<T>('GET', path);

/**
 * SWR over the one client, keyed by the path `apiPath` builds (so `mutate(apiPath(...))` refreshes
 * it); the response type comes from the operation's contract. `useApi` is for signed-in calls:
 * without a session it waits instead of asking (a screen still on its way out after sign-out
 * fetches nothing); a null path waits too. `usePublicApi` is for calls that need no session.
 */
export const useApi = <Op extends GetOperation>(path: ApiPath<Op> | null, config?: SWRConfiguration<ApiResponse<Op>>) => {
  const sessionId = useSessionId();
  return useSWR<ApiResponse<Op>>(sessionId ? path : null, get, config);
};

export const usePublicApi = <Op extends GetOperation>(path: ApiPath<Op> | null, config?: SWRConfiguration<ApiResponse<Op>>) =>
  useSWR<ApiResponse<Op>>(path, get, config);

/**
 * A signed-in list read page by page, for "Load more" (`setSize(size + 1)` asks for the next page).
 * `nextPage` gives the path of the page after `previous` (the first page when it is null), or null
 * when there are no more (type `previous` so the operation is inferred). Without a session it waits, as `useApi` does.
 */
export const usePagedApi = <Op extends GetOperation>(
  nextPage: (previous: ApiResponse<Op> | null) => ApiPath<Op> | null,
  config?: SWRInfiniteConfiguration<ApiResponse<Op>>,
) => {
  const sessionId = useSessionId();
  return useSWRInfinite<ApiResponse<Op>>((_index, previous: ApiResponse<Op> | null) => (sessionId ? nextPage(previous) : null), get, config);
};
