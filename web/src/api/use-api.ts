import useSWR, { type SWRConfiguration } from 'swr';
import { api } from './client';

/** SWR over the one client: `useApi<T>(path)`; a null path waits (dependent data). */
export const useApi = <T>(path: string | null, config?: SWRConfiguration<T>) => useSWR<T>(path, (key: string) => api.get<T>(key), config);
