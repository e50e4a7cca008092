import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import { API_PREFIX } from '../../lambdas/operations/index';
import { call, isResponseTo } from '../support/api';
import { interviewFixture } from '../support/interviews';
import { expectAccessible } from './support/accessibility';
import { appUrl, baseUrl, trackErrors, useBrowser } from './support/browser';
import { signedInContext, signedInOwner } from './support/session';

/**
 * The look and feel of the hiring team's app (issue 29): the shell painted by index.html before any
 * script, skeletons in the shape of a list while it loads (never a blank page or a lone spinner),
 * and the company's credits in the top bar before they run out.
 */
const browser = useBrowser();

const createPosition = async (companyId: string, session: string, jobTitle: string): Promise<string> => {
  const res = await call('createPosition', {
    params: { companyId },
    session,
    body: { job_title: jobTitle, interview: interviewFixture({ questions: ['Why this role?'] }) },
  });
  expect(res.status).toBe(201);
  return res.body.position_id;
};

const invite = async (positionId: string, session: string, candidateName: string) =>
  expect((await call('inviteCandidate', { params: { positionId }, session, body: { candidate_name: candidateName, email: null } })).status).toBe(201);

/** Holds every request of one operation until `release` is called; the requests then go to the server unchanged. */
const holdRequests = async (page: Page, operation: Parameters<typeof isResponseTo>[0]) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const matches = isResponseTo(operation);
  await page.route(
    (url) => url.pathname.startsWith(API_PREFIX),
    async (route) => {
      const request = route.request();
      if (matches({ url: () => request.url(), request: () => request })) await released;
      await route.fallback();
    },
  );
  return release;
};

/** Someone the owner invited to the company, signed in as a member (not the owner). */
const signedInMember = async (ownerSession: string, companyId: string) => {
  const email = `e2e-member-${randomUUID().slice(0, 8)}@example.com`;
  expect((await call('inviteMember', { params: { companyId }, session: ownerSession, body: { email } })).status).toBe(201);
  const { messages } = (await fetch(`${baseUrl()}/_local/mail?format=json`).then((r) => r.json())) as { messages: { to: string[]; text: string }[] };
  const nonce = /#\/invite\/([A-Za-z0-9_-]+)/.exec(messages.find((m) => m.to.includes(email) && m.text.includes('/#/invite/'))?.text ?? '')?.[1];
  expect(nonce).toBeTruthy();
  const confirmed = await call('confirmMemberInvite', { body: { nonce: nonce! } });
  expect(confirmed.status).toBe(201);
  const context = await signedInContext(browser, confirmed.body.session_id);
  return { context, email };
};

describe('look and feel', () => {
  it('paints the app shell from index.html itself: the first paint is never blank', async () => {
    // The HTML the server sends already holds the shell inside #root.
    const html = await (await fetch(`${baseUrl()}/`)).text();
    expect(html).toMatch(/<div id="root">\s*<div class="shell" data-testid="app-shell">/);

    // With no script at all, the page still shows the bar and the page's shapes.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(appUrl(paths.signIn.to()));
    const shell = page.getByTestId('app-shell');
    await shell.waitFor();
    const bar = await shell.locator('.shell__bar').boundingBox();
    expect(bar?.height).toBeGreaterThanOrEqual(56);
    expect(bar?.width).toBeGreaterThan(1000);
    expect(await shell.locator('.shell__bar').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    await expect(shell.locator('.shell__card').first().isVisible()).resolves.toBe(true);
    await expect(page.getByText('Video Interviews', { exact: true }).isVisible()).resolves.toBe(true);
    await context.close();

    // With scripts, React replaces the shell by the app.
    const live = await browser.newPage();
    const errors = trackErrors(live);
    await live.goto(appUrl(paths.signIn.to()));
    await live.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expect(live.getByTestId('app-shell').count()).resolves.toBe(0);
    await expect(live.getByRole('banner').getByRole('link', { name: 'Video Interviews home' }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await live.close();
  });

  it('shows a skeleton of the list, not a blank page, while the positions load; the page is accessible', async () => {
    const owner = await signedInOwner(browser, 'Skeleton Works');
    await createPosition(owner.companyId, owner.sessionId, 'Pastry Chef');
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    const release = await holdRequests(page, 'listPositions');
    await page.goto(appUrl(paths.positions.to(owner.companyId)));

    const loading = page.getByRole('status', { name: 'Loading…' });
    await loading.waitFor();
    await page.getByRole('heading', { level: 1, name: 'Positions' }).waitFor();
    await expect(loading.isVisible()).resolves.toBe(true);
    // Shapes of cards stand where the cards will be, hidden from assistive technology.
    expect(await loading.locator('.skeleton').count()).toBeGreaterThan(3);
    expect(await loading.locator('[aria-hidden="true"]').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'positions page, loading');

    release();
    await page.getByText('Pastry Chef').first().waitFor();
    await loading.waitFor({ state: 'detached' });
    await expectAccessible(page, 'positions page');
    expect(errors).toEqual([]);
    await owner.context.close();
  });

  it('shows the credits left in the top bar before they run out, amber when few are left, to members too', async () => {
    const owner = await signedInOwner(browser, 'Credit Works');
    const positionId = await createPosition(owner.companyId, owner.sessionId, 'Sous Chef');
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.positions.to(owner.companyId)));

    // A new account's three credits, in the bar, with the plan status in words on hover.
    const chip = page.getByRole('banner').getByTestId('credits-chip');
    await chip.waitFor();
    await expect.poll(() => chip.textContent()).toBe('3 credits left');
    expect(await chip.getAttribute('title')).toBe('Pay as you go: 3 of 3 interview credits remaining');
    expect(await chip.getAttribute('class')).not.toMatch(/credits-chip--(low|out)/);
    await page.getByText('Sous Chef').first().waitFor();
    await expectAccessible(page, 'positions page with the credits chip');

    // Two left: still there, now amber.
    await invite(positionId, owner.sessionId, 'Ada');
    await page.reload();
    await expect.poll(() => chip.textContent()).toBe('2 credits left');
    expect(await chip.getAttribute('class')).toContain('credits-chip--low');

    // A member sees the company's credits as well (the server answers the plan status to members).
    const member = await signedInMember(owner.sessionId, owner.companyId);
    const memberPage = await member.context.newPage();
    await memberPage.goto(appUrl(paths.positions.to(owner.companyId)));
    const memberChip = memberPage.getByRole('banner').getByTestId('credits-chip');
    await expect.poll(() => memberChip.textContent()).toBe('2 credits left');
    await expect(memberPage.getByRole('button', { name: 'Company settings' }).count()).resolves.toBe(0);

    // None left: the chip says so, in red.
    await invite(positionId, owner.sessionId, 'Brian');
    await invite(positionId, owner.sessionId, 'Chloe');
    await page.reload();
    await expect.poll(() => chip.textContent()).toBe('No credits left');
    expect(await chip.getAttribute('class')).toContain('credits-chip--out');
    expect(errors).toEqual([]);
    await member.context.close();
    await owner.context.close();
  });
});
