import axe from 'axe-core';
import puppeteer, { type Browser, type KeyInput, type Page } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';

/**
 * Debian's Firefox ESR (scripts/system-deps.ts installs it, never a downloaded browser) driven by
 * puppeteer-core over WebDriver BiDi, headless, with Firefox's fake camera and microphone (a
 * moving test pattern and a tone) that need no permission prompt. The Node-side helpers of the
 * Chromium tests (the API's `call`, the mailbox, the fixtures) serve these tests as they are.
 */
export const FIREFOX_PATH = '/usr/bin/firefox-esr';

export const launchFirefox = (): Promise<Browser> =>
  puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: {
      // getUserMedia gets Firefox's fake devices, granted without a prompt.
      'media.navigator.streams.fake': true,
      'media.navigator.permission.disabled': true,
      'permissions.default.camera': 1,
      'permissions.default.microphone': 1,
      // Keyboard navigation reaches every control (already Linux's default; set so a profile cannot differ).
      'accessibility.tabfocus': 7,
      // Nothing of the network but the local stack.
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
      'network.captive-portal-service.enabled': false,
      'app.update.enabled': false,
    },
  });

/**
 * The Firefox of a test file, launched before its tests and closed after them: `const firefox = useFirefox()`.
 * Use it inside a test or a hook.
 */
export const useFirefox = (): Browser => {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchFirefox();
  });
  afterAll(async () => {
    await launched?.close();
  });
  return new Proxy({} as Browser, {
    get: (_, property) => {
      if (!launched) throw new Error('Firefox is launched in beforeAll: use it inside a test or a hook.');
      const value = Reflect.get(launched, property) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(launched) : value;
    },
  });
};

/** Collects console errors, uncaught page errors and failed responses, so a test can assert there were none. */
export const trackFirefoxErrors = (page: Page): string[] => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error instanceof Error ? error.message : String(error)));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return errors;
};

/** Waits until the page shows exactly this visible h1. */
export const waitForHeading = async (page: Page, text: string, timeout = 15_000): Promise<void> => {
  try {
    await page.waitForFunction(
      (expected: string) =>
        Array.from(document.querySelectorAll('h1')).some((h) => h.getClientRects().length > 0 && h.textContent?.trim() === expected),
      { timeout, polling: 100 },
      text,
    );
  } catch {
    const shown = await page.evaluate(() => Array.from(document.querySelectorAll('h1')).map((h) => h.textContent?.trim() ?? ''));
    throw new Error(`the heading ${JSON.stringify(text)} did not show within ${timeout} ms (h1: ${JSON.stringify(shown)}, ${page.url()})`);
  }
};

/** What the focused element is, in words: tag, role and accessible text (aria-label, else aria-labelledby, else its text or value). */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return { name: '', label: '(nothing: the page itself)' };
    const labelledBy = el.getAttribute('aria-labelledby');
    const name = (
      el.getAttribute('aria-label') ??
      (labelledBy
        ? labelledBy
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : null) ??
      (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement
        ? (el.labels?.[0]?.textContent ?? el.value)
        : el.textContent) ??
      ''
    )
      .replace(/\s+/g, ' ')
      .trim();
    const role = el.getAttribute('role');
    return { name, label: `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}> ${JSON.stringify(name)}` };
  });

/**
 * Moves the focus with the keyboard alone (Tab) until the focused element's accessible text is
 * `name` (a string matches exactly, a RegExp anywhere), pressing at most `maxPresses` times. Extra
 * focusable controls on the way are passed over, so it finds the control wherever the screen puts it
 * (past the last control the focus leaves the page and comes back at the first); when the control
 * is already focused it presses nothing. Returns the number of presses; fails listing every element
 * the focus went through.
 *
 * Shift+Tab is not offered: once the focus has left the page for the browser's own UI, Firefox
 * moves it back into the page at the wrong end for keys synthesized over BiDi, which would test
 * the driver rather than the app.
 */
export const tabTo = async (page: Page, name: string | RegExp, { maxPresses = 30 } = {}): Promise<number> => {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text));
  const visited: string[] = [];
  for (let presses = 0; ; presses++) {
    const focused = await describeFocus(page);
    if (matches(focused.name)) return presses;
    visited.push(focused.label);
    if (presses === maxPresses) break;
    await page.keyboard.press('Tab');
  }
  throw new Error(
    `${String(name)} was not reached with ${maxPresses} presses of Tab (${page.url()}); the focus went through:\n  ${visited.join('\n  ')}`,
  );
};

/** Tabs to the control named `name` and activates it with `key`: Enter, or Space (`' '`), as a keyboard user would. */
export const activate = async (page: Page, name: string | RegExp, key: KeyInput = 'Enter'): Promise<void> => {
  await tabTo(page, name);
  await page.keyboard.press(key);
};

const BLOCKING = ['serious', 'critical'];

/**
 * axe-core (the project's copy, as test/e2e/support/accessibility.ts uses with Chromium) run in the
 * Firefox page on what it shows now; fails listing every serious or critical violation, and holds the
 * screen to exactly one visible h1. `label` names the screen in the failure.
 */
export const expectAccessibleInFirefox = async (page: Page, label: string): Promise<void> => {
  const hasAxe = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  // Evaluated by the driver, not as a <script>: the SPA's CSP (script-src 'self') does not apply.
  if (!hasAxe) await page.evaluate(`${axe.source};void 0`);
  const { violations, h1s } = await page.evaluate(async (blocking: string[]) => {
    const run = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await run.run(document, { resultTypes: ['violations'] });
    return {
      violations: results.violations
        .filter((v) => blocking.includes(v.impact ?? ''))
        .map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(' '), summary: n.failureSummary ?? '' })),
        })),
      h1s: Array.from(document.querySelectorAll('h1'))
        .filter((h) => h.getClientRects().length > 0)
        .map((h) => h.textContent?.trim() ?? ''),
    };
  }, BLOCKING);
  const problems = violations.map(
    (v) =>
      `- ${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target}${n.summary ? `\n      ${n.summary.replace(/\n/g, '\n      ')}` : ''}`).join('\n'),
  );
  if (h1s.length !== 1)
    problems.push(`- exactly one h1 expected, found ${h1s.length}${h1s.length ? `: ${h1s.map((t) => JSON.stringify(t)).join(', ')}` : ''}`);
  if (problems.length > 0) throw new Error(`${label} is not accessible in Firefox (${page.url()}):\n${problems.join('\n')}`);
};
