import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

/**
 * The query of the URL as it is now, when its path is still `pathname`; otherwise `rendered` (the
 * query the screen rendered with). Navigations are transitions: between a navigation and its render,
 * the screen on view still holds the query from before it, and a second input then (two tabs pressed
 * in quick succession on a busy machine) would build on that and undo the first. The hash router
 * writes the URL at once, so the URL is the latest word; once it has moved to another path, the
 * screen is on its way out and keeps to its own.
 */
export const latestSearchParams = (pathname: string, rendered: URLSearchParams): URLSearchParams => {
  const hash = window.location.hash.replace(/^#/, '');
  const query = hash.indexOf('?');
  const path = query < 0 ? hash : hash.slice(0, query);
  if (path !== pathname) return rendered;
  return new URLSearchParams(query < 0 ? '' : hash.slice(query + 1));
};

/**
 * Changes the screen's query in place (replacing the history entry): each name set to its value,
 * or removed for null or an empty value, on the URL as it is now (latestSearchParams), and no
 * navigation when nothing changes (a no-op navigation from a screen still on view would cancel one
 * under way, a card's link while the next screen's code loads).
 */
export const useSearchParamsUpdate = () => {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  return useCallback(
    (changes: Record<string, string | null>) => {
      const current = latestSearchParams(pathname, params);
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(name);
        else next.set(name, value);
      }
      if (next.toString() !== current.toString()) setParams(next, { replace: true });
    },
    [params, setParams, pathname],
  );
};
