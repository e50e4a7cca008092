import { describe, expect, it } from 'vitest';
import { leverRedirectUri } from '../../../lambdas/contracts/app-paths';
import { leverReturnUrl } from './lever-return';

/** The address Lever's consent sends the browser back to: the redirect URI the server registers, plus Lever's parameters. */
const returned = (params: Record<string, string>) => {
  const url = new URL(leverRedirectUri('https://app.example.com'));
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return { pathname: url.pathname, search: url.search };
};
/** The hash route's query as the router will read it. */
const routeQuery = (to: string) => Object.fromEntries(new URLSearchParams(to.split('#')[1]!.split('?')[1] ?? ''));

describe('leverReturnUrl', () => {
  it("moves a granted consent's state and code into #/complete-lever-integration, without the search", () => {
    const to = leverReturnUrl(returned({ code: 'c0de/+=', state: 's-1' }))!;
    expect(to).toMatch(/^\/#\/complete-lever-integration\?/);
    expect(to).not.toContain('oauth=');
    expect(routeQuery(to)).toEqual({ state: 's-1', code: 'c0de/+=' });
  });

  it("carries a refusal's error and description, spaces and all", () => {
    const to = leverReturnUrl(returned({ state: 's-2', error: 'access_denied', error_description: 'The user denied access & left' }))!;
    expect(routeQuery(to)).toEqual({ state: 's-2', error: 'access_denied', error_description: 'The user denied access & left' });
  });

  it('keeps the page the app is served from, and forwards only what Lever sends', () => {
    const to = leverReturnUrl({ pathname: '/app/', search: '?oauth=lever&state=s&code=c&utm_source=mail' })!;
    expect(to.startsWith('/app/#/complete-lever-integration?')).toBe(true);
    expect(routeQuery(to)).toEqual({ state: 's', code: 'c' });
  });

  it('goes to the completion page even when Lever sent nothing else (it then reports the failure)', () => {
    expect(leverReturnUrl({ pathname: '/', search: '?oauth=lever' })).toBe('/#/complete-lever-integration');
  });

  it('leaves any other address alone', () => {
    expect(leverReturnUrl({ pathname: '/', search: '' })).toBeNull();
    expect(leverReturnUrl({ pathname: '/', search: '?code=c&state=s' })).toBeNull();
    expect(leverReturnUrl({ pathname: '/', search: '?oauth=google&code=c' })).toBeNull();
  });
});
