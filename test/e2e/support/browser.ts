import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser), headless, with a fake
 * camera and microphone that need no permission prompt.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const baseUrl = (): string => inject('baseUrl');

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
