import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

const BLOCKING = new Set(['serious', 'critical']);

/**
 * An open Amplify UI menu is Radix's modal dropdown: while it is open Radix sets aria-hidden on
 * everything else on the page (and traps focus in the menu), which axe reports as
 * `aria-hidden-focus` on our content. Amplify's Menu does not pass Radix's `modal` option through,
 * so this third-party behaviour cannot be changed from the app: the rule is left out only while
 * such a menu is open.
 */
const OPEN_MENU = '[data-radix-menu-content][data-state="open"]';

/**
 * Waits for the page's finite CSS transitions and animations to end. A control that has just changed
 * state (a button enabled by the field filled before the check) fades between its two colours for
 * Amplify's transition time; axe reading it mid-fade measures a blend of the two (a 2.5:1 "contrast"
 * of a primary button on a loaded machine). Infinite ones (loaders) are left running.
 */
const settleTransitions = (page: Page): Promise<unknown> =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );

/**
 * Runs axe-core on what the page shows now and fails listing every serious or critical violation:
 * rule id, help and the nodes it found. It also holds every screen to exactly one visible h1.
 * `label` names the screen in the failure. Call it once the screen's content (or the open dialog)
 * is on screen.
 *
 * @axe-core/playwright drives playwright-core's page, with two settings: its own copy of axe-core
 * (4.13) still marks rules such as `label-content-name-mismatch` experimental (off), so the
 * project's axe-core is injected instead; and its default run finishes in a new page of the same
 * context, which fails for pages made by `browser.newPage()`, so the run stays in the page (legacy
 * mode: axe.run in the page, frames included).
 */
export const expectAccessible = async (page: Page, label: string): Promise<void> => {
  await settleTransitions(page);
  const builder = new AxeBuilder({ page, axeSource: axe.source }).setLegacyMode();
  if ((await page.locator(OPEN_MENU).count()) > 0) builder.disableRules(['aria-hidden-focus']);
  const [results, h1s] = await Promise.all([
    builder.analyze(),
    page.locator('h1').evaluateAll((headings) => headings.filter((h) => h.getClientRects().length > 0).map((h) => h.textContent?.trim() ?? '')),
  ]);
  const problems = results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `- ${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes
          .map((node) => `    ${node.target.join(' ')}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''}`)
          .join('\n'),
    );
  if (h1s.length !== 1)
    problems.push(`- exactly one h1 expected, found ${h1s.length}${h1s.length ? `: ${h1s.map((t) => JSON.stringify(t)).join(', ')}` : ''}`);
  if (problems.length > 0) throw new Error(`${label} is not accessible (${page.url()}):\n${problems.join('\n')}`);
};
