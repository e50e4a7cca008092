import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { href } from '../../../lambdas/contracts/app-paths';

/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser), headless, with a fake
 * camera and microphone that need no permission prompt.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const baseUrl = (): string => inject('baseUrl');

/** The full address of one of the SPA's routes: `appUrl(paths.position.to(companyId, positionId))` (lambdas/contracts/app-paths.ts). */
export const appUrl = (to: string): string => `${baseUrl()}/${href(to)}`;

/** `extraArgs`: more Chromium switches, e.g. `--use-file-for-fake-audio-capture=<wav>` for a spoken answer. */
export const launchBrowser = (extraArgs: string[] = []): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      ...extraArgs,
    ],
  });

/** Collects console errors and uncaught page errors, so a test can assert there were none. */
export const trackErrors = (page: Page): string[] => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return errors;
};

/**
 * The browser of a test file, launched before its tests and closed after them: `const browser = useBrowser()`.
 * `extraArgs` may be computed first (a fake microphone's recording, say).
 */
export const useBrowser = (extraArgs: () => string[] | Promise<string[]> = () => []): Browser => {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser(await extraArgs());
  });
  afterAll(async () => {
    await launched?.close();
  });
  return new Proxy({} as Browser, {
    get: (_, property) => {
      if (!launched) throw new Error('The browser is launched in beforeAll: use it inside a test or a hook.');
      const value = Reflect.get(launched, property) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(launched) : value;
    },
  });
};
