import { useCallback, useEffect, useState } from 'react';
import { request, type ApiPath, type ApiResponse, type GetOperation } from '../../api/client';

interface Read<T> {
  readonly path: string | null;
  readonly data?: T;
  readonly error?: unknown;
}

/**
 * One public GET, read when the page opens: the candidate's pages need no cache, retries or
 * revalidation (SWR stays in the hiring team's app, out of this light one). `reload` reads it
 * again and keeps what is on show meanwhile; a failed reload leaves it on show (a candidate who
 * has just finished sees the confirmation, not an error). A null path reads nothing (a page that
 * has nothing to ask for).
 */
export const usePublicRead = <Op extends GetOperation>(path: ApiPath<Op> | null) => {
  const [read, setRead] = useState<Read<ApiResponse<Op>>>({ path });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    request<ApiResponse<Op>>('GET', path, undefined, { signal: controller.signal }).then(
      (data) => setRead({ path, data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setRead((last) => (last.path === path && last.data !== undefined ? last : { path, error }));
      },
    );
    return () => controller.abort();
  }, [path, generation]);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  // A read of another path (a new token) shows nothing of the last one.
  const current = read.path === path ? read : { path };
  return { data: current.data, error: current.error, reload };
};
