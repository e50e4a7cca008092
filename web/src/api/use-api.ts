import useSWR, { type SWRConfiguration } from 'swr';
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
