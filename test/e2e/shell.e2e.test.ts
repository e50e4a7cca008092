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
    const storeAlert = () =>
      page.evaluate(() => localStorage.setItem('global_alert', JSON.stringify({ message: 'Integration completed.', severity: 'success' })));
    const alert = page.getByRole('alert').filter({ hasText: 'Integration completed.' });
    // The page's clock is the test's: how long the alert shows is counted in the page's own time, so a
    // busy machine cannot make it look shorter or longer.
    await page.clock.install();
    await page.goto(appUrl(paths.signIn.to()));
    await page.getByRole('link', { name: 'Create an account' }).waitFor();
    await storeAlert();
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    await page.getByRole('link', { name: 'Create an account' }).click();
    await alert.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('global_alert'))).toBeNull();
    // Shown for the spec's 5 seconds: still there a moment before, gone after.
    await page.clock.runFor(5_000 - 100);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await alert.count()).toBe(1);
    await page.clock.runFor(200);
    await alert.waitFor({ state: 'detached' });

    // Time flows again for the accessibility check, which runs on timers; the next navigation shows a
    // newly stored alert, and the one after shows none.
    await page.clock.resume();
    await storeAlert();
    await page.getByRole('link', { name: 'Sign in' }).last().click();
    await alert.waitFor();
    await expectAccessible(page, 'sign in, with a global alert');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('global_alert'))).toBeNull();
    await alert.waitFor({ state: 'detached', timeout: 30_000 });
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
