import { LEVER_OAUTH_RETURN_MARKER, paths } from '../config/paths';

/** What Lever's consent hands back, as its redirect's query names it. */
const LEVER_PARAMS = ['state', 'code', 'error', 'error_description'] as const;

/**
 * Lever's consent sends the browser back to `{origin}/?oauth=lever&code=…&state=…` (or `&error=…&error_description=…`):
 * an OAuth redirect URI cannot hold a hash route. This gives the URL to replace it with before the
 * router starts: the same page with no search, on `#/complete-lever-integration` with Lever's
 * parameters; null when the address is not such a return (the search has no marker).
 */
export const leverReturnUrl = (location: Pick<Location, 'pathname' | 'search'>): string | null => {
  const search = new URLSearchParams(location.search);
  if (search.get(LEVER_OAUTH_RETURN_MARKER.name) !== LEVER_OAUTH_RETURN_MARKER.value) return null;
  const query = new URLSearchParams();
  for (const name of LEVER_PARAMS) {
    const value = search.get(name);
    if (value !== null) query.set(name, value);
  }
  const forwarded = query.toString();
  return `${location.pathname}#${paths.completeLeverIntegration.to()}${forwarded ? `?${forwarded}` : ''}`;
};

/** Moves a Lever return into the hash route, in place (no new history entry). Call before the router renders. */
export const rewriteLeverReturn = () => {
  const to = leverReturnUrl(window.location);
  if (to) window.history.replaceState(window.history.state, '', to);
};
