import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/accessibility';
import { baseUrl, trackErrors, appUrl, useBrowser } from './support/browser';
import { paths } from '../../lambdas/contracts/app-paths';

const browser = useBrowser();

describe('the app shell', () => {
  it('sends a visitor without a session to sign-in, with the Sign in button in the bar', async () => {
    const page = await browser.newPage();
    const errors = trackErrors(page);
    await page.goto(`${baseUrl()}/`);
    await page.waitForURL(/#\/signin$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
    await expectAccessible(page, 'sign in');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a friendly page for unknown routes', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('/no-such-page'));
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expectAccessible(page, 'page not found');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(/#\/signin$/);
    await page.close();
  });

  it('loads each screen as its own chunk, after the shell', async () => {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(appUrl(paths.signIn.to()));
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(scripts.some((s) => /sign-in-screen-.*\.js$/.test(s))).toBe(true);
    expect(scripts.some((s) => /register-screen-.*\.js$/.test(s))).toBe(false);

    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(scripts.some((s) => /register-screen-.*\.js$/.test(s))).toBe(true);
    await page.close();
  });

  it('shows a stored global alert for 5 seconds after navigation, once', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl(paths.signIn.to()));
    await page.evaluate(() => localStorage.setItem('global_alert', JSON.stringify({ message: 'Integration completed.', severity: 'success' })));
    // The page notes, by its own clock, when the alert enters and leaves the document: how long it was
    // shown does not depend on how late this process looks (the page's timer never fires early).
    await page.evaluate(() => {
      const seen: { shown?: number; hidden?: number } = {};
      (window as unknown as { alertSeen: typeof seen }).alertSeen = seen;
      const present = () =>
        Array.from(document.querySelectorAll('[role="alert"]')).some((node) => node.textContent?.includes('Integration completed.'));
      new MutationObserver(() => {
        if (seen.shown === undefined && present()) seen.shown = performance.now();
        else if (seen.shown !== undefined && seen.hidden === undefined && !present()) seen.hidden = performance.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole('link', { name: 'Create an account' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Integration completed.' });
    await alert.waitFor();
    await expectAccessible(page, 'register, with a global alert');
    // A hang guard, generous: the alert goes by itself.
    await alert.waitFor({ state: 'detached', timeout: 30_000 });
    const seen = await page.evaluate(() => (window as unknown as { alertSeen: { shown?: number; hidden?: number } }).alertSeen);
    expect(seen.shown).toBeDefined();
    expect(seen.hidden).toBeDefined();
    // Shown for the spec's 5 seconds. The observer notes the alert at the end of the task that shows it, where
    // the alert's timer may already run (React starts it in that task after a click), hence the 100 ms; 4 s fails.
    expect(seen.hidden! - seen.shown!).toBeGreaterThanOrEqual(5_000 - 100);
    expect(await page.evaluate(() => localStorage.getItem('global_alert'))).toBeNull();
    await page.close();
  });

  it('drops a session the server no longer accepts and goes to sign-in', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl(paths.signIn.to()));
    await page.evaluate(() => localStorage.setItem('session_id', 'revoked-or-made-up'));
    await page.goto(appUrl(paths.companies.to()));
    await page.waitForURL(/#\/signin$/);
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('session_id'))).toBeNull();
    await page.close();
  });

  it('serves the SPA with its security headers', async () => {
    const response = await fetch(`${baseUrl()}/`);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
