import { useEffect } from 'react';

/**
 * A company's list kept in step across the SPA's open tabs (spec §4 Live list sync): a change is
 * announced on a BroadcastChannel, and every tab showing that company's list fetches it again (a
 * tab's own `mutate` covers itself).
 */
export const companyListChannel = (name: string) => ({
  announce: (companyId: string) => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(name);
    channel.postMessage({ companyId });
    channel.close();
  },
  /** Refetches (`mutate`) when another tab announces a change of this company's list. */
  useRefetchOnChange: (companyId: string | null | undefined, mutate: () => unknown) => {
    useEffect(() => {
      if (!companyId || typeof BroadcastChannel === 'undefined') return;
      const channel = new BroadcastChannel(name);
      channel.onmessage = (event: MessageEvent<{ companyId?: string }>) => {
        if (event.data?.companyId === companyId) void mutate();
      };
      return () => channel.close();
    }, [companyId, mutate]);
  },
});
