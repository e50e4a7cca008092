import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../lambdas/operations/index';
import { call, isResponseTo } from '../support/api';
import { expectAccessible } from './support/accessibility';
import { trackErrors, appUrl, useBrowser } from './support/browser';
import { paths } from '../../lambdas/contracts/app-paths';
import { signedInOwner } from './support/session';
import { interviewFixture } from '../support/interviews';

/**
 * Billing in the browser (issue 14): the plan selection dialog where the credits run out, the
 * Billing tab, the local Stripe stand-in's hosted checkout and portal pages, and the
 * confirm-checkout page that waits for the payment's effect before going back.
 */
const browser = useBrowser();

const typedInterview = interviewFixture({ questions: ['Why this role?'] });

const createPosition = async (companyId: string, session: string, jobTitle: string): Promise<string> => {
  const res = await call('createPosition', { params: { companyId }, session, body: { job_title: jobTitle, interview: typedInterview } });
  expect(res.status).toBe(201);
  return res.body.position_id;
};

const invite = (positionId: string, session: string, candidateName: string) =>
  call('inviteCandidate', { params: { positionId }, session, body: { candidate_name: candidateName, email: null } });

const planStatus = async (companyId: string, session: string) => (await call('getPlanStatus', { params: { companyId }, session })).body;

/** The company name's hover text in the top bar: the plan status (spec §2). */
const planOnHover = (page: Page) => page.getByTestId('company-name').getAttribute('title');

/**
 * Holds the confirm-checkout page's first status request until `release` is called, so the test can
 * see the page before the answer (the stand-in delivers the webhook before it redirects, so the
 * first answer is already "completed"). The request then goes to the server unchanged.
 */
const holdFirstStatusRequest = async (page: Page) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  const isStatus = isResponseTo('getCheckoutSessionStatus');
  await page.route(
    (url) => url.pathname.startsWith(API_PREFIX),
    async (route) => {
      const request = route.request();
      if (!held && isStatus({ url: () => request.url(), request: () => request })) {
        held = true;
        await released;
      }
      await route.fallback();
    },
  );
  return release;
};

describe('billing', () => {
  it('buys a 10-pack in EUR from the plan dialog once the credits are used; a declined card changes nothing', async () => {
    const owner = await signedInOwner(browser, 'Pack Studio');
    const positionId = await createPosition(owner.companyId, owner.sessionId, 'Barista');
    for (const name of ['Ada', 'Brian']) expect((await invite(positionId, owner.sessionId, name)).status).toBe(201);

    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    const positionUrl = appUrl(paths.position.to(owner.companyId, positionId));
    await page.goto(positionUrl);
    await page.getByRole('tab', { name: 'Invited (2)' }).waitFor();
    await expect.poll(() => planOnHover(page)).toBe('Pay as you go: 1 of 3 interview credits remaining');

    // The last credit goes elsewhere meanwhile: the page still offers the invite form, and the server's 402 leads to plan selection.
    expect((await invite(positionId, owner.sessionId, 'Chloe')).status).toBe(201);
    await page.getByRole('button', { name: 'Invite candidate' }).click();
    const inviteDialog = page.getByRole('dialog', { name: 'Invite candidate' });
    await inviteDialog.getByLabel('Full name').fill('Dmitri');
    await inviteDialog.getByText('Send email invite').click();
    await inviteDialog.getByRole('button', { name: 'Create link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select a plan' });
    await dialog.getByText('Select a plan to invite additional candidates:').waitFor();
    await page.getByText('All your interview credits are used.').waitFor();
    await expect.poll(() => planOnHover(page)).toBe('Pay as you go: 0 of 3 interview credits remaining');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Now the page knows: inviting opens plan selection straight away.
    await page.getByRole('button', { name: 'Invite candidate' }).click();
    await dialog.getByRole('button', { name: 'Buy 10 candidates' }).waitFor();
    await expectAccessible(page, 'plan selection dialog');
    await expect(dialog.getByText('$5 per candidate').count()).resolves.toBe(1);
    await expect(dialog.getByText('$50 in total').count()).resolves.toBe(1);

    await dialog.getByText('EUR', { exact: true }).click();
    await dialog.getByText('€4.50 per candidate').waitFor();
    await dialog.getByText('€45 in total').waitFor();
    await dialog.getByText('€2.70 per candidate').waitFor();
    await dialog.getByText('€81 / month').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('billing_currency'))).toBe('eur');
    await expectAccessible(page, 'plan selection dialog, EUR');

    // The stand-in's hosted checkout page.
    await dialog.getByRole('button', { name: 'Buy 10 candidates' }).click();
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor({ timeout: 30_000 });
    await expectAccessible(page, "the Stripe stand-in's checkout page");
    await page.getByText('€45.00').first().waitFor();

    // A declined card: the page says so, and nothing changes.
    await page.getByRole('button', { name: 'Decline card' }).click();
    await page.getByText('Your card was declined.').waitFor();
    expect((await planStatus(owner.companyId, owner.sessionId)).candidate_packs_status).toEqual({ allocated: 3, invited: 3, remaining: 0 });

    // Paying: back on the confirm-checkout page, which goes back to the position once the credits are there.
    const release = await holdFirstStatusRequest(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/#\/companies\/[^/]+\/confirm-checkout\?frontendReferenceId=/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Confirming payment...' }).waitFor();
    await expectAccessible(page, 'confirm checkout');
    release();
    await page.waitForURL(positionUrl, { timeout: 30_000 });
    await page.getByText('Payment confirmed. Thank you!').waitFor();
    await expect.poll(() => planOnHover(page)).toBe('Pay as you go: 10 of 13 interview credits remaining');
    await expect(page.getByText('All your interview credits are used.').count()).resolves.toBe(0);
    expect((await planStatus(owner.companyId, owner.sessionId)).candidate_packs_status).toEqual({ allocated: 13, invited: 3, remaining: 10 });

    // Inviting works again; a list longer than the credits left says so and offers plan selection.
    await page.getByRole('button', { name: 'Invite candidate' }).click();
    await page.getByRole('dialog', { name: 'Invite candidate' }).getByLabel('Full name').waitFor();
    await page.getByRole('dialog', { name: 'Invite candidate' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'More ways to invite' }).click();
    await page.getByRole('menuitem', { name: 'Invite candidates in bulk' }).click();
    const bulk = page.getByRole('dialog', { name: 'Invite candidates in bulk' });
    const rows = Array.from({ length: 11 }, (_, i) => `Candidate ${i + 1},`).join('\n');
    await bulk.getByLabel('CSV file').setInputFiles({ name: 'eleven.csv', mimeType: 'text/csv', buffer: Buffer.from(`${rows}\n`) });
    await bulk.getByText('11 candidates from eleven.csv').waitFor();
    await bulk.getByRole('button', { name: 'Send', exact: true }).click();
    await bulk.getByText('You have 10 interview credits left, not enough for this many candidates. Select a plan to invite more.').waitFor();
    await expectAccessible(page, 'bulk invite dialog, more candidates than credits');
    await bulk.getByRole('button', { name: 'Select a plan' }).click();
    await dialog.getByRole('button', { name: 'Buy 40 candidates' }).waitFor();
    expect((await planStatus(owner.companyId, owner.sessionId)).candidate_packs_status).toEqual({ allocated: 13, invited: 3, remaining: 10 });

    // The refused invites (402) are the only failed requests.
    expect(errors.filter((e) => !e.startsWith('402 POST') && !e.includes('status of 402'))).toEqual([]);
    expect(errors.filter((e) => e.startsWith('402 POST'))).toHaveLength(2);
    await owner.context.close();
  }, 240_000);

  it('subscribes monthly from the Billing tab, invites past any pack, cancels in the billing portal and is back to pay-as-you-go', async () => {
    const owner = await signedInOwner(browser, 'Subscriber Co');
    const positionId = await createPosition(owner.companyId, owner.sessionId, 'Engineer');
    for (const name of ['Ada', 'Brian', 'Chloe']) expect((await invite(positionId, owner.sessionId, name)).status).toBe(201);

    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    const positionUrl = appUrl(paths.position.to(owner.companyId, positionId));
    await page.goto(positionUrl);
    await page.getByText('All your interview credits are used.').waitFor();

    const openBillingTab = async () => {
      await page.getByRole('button', { name: 'Company settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Company settings' });
      await settings.getByRole('tab', { name: 'Billing' }).click();
      await settings.getByRole('heading', { name: 'Current plan' }).waitFor();
      await settings.getByRole('heading', { name: 'Subscriptions' }).waitFor();
      return settings;
    };

    // The Billing tab: the plan now, packs and subscriptions in USD (nothing chosen before), monthly or yearly.
    let settings = await openBillingTab();
    await settings.getByText('Pay as you go: 0 of 3 interview credits remaining').waitFor();
    await settings.getByText('$90 / month').waitFor();
    await settings.getByText('Under 50 employees').waitFor();
    await expectAccessible(page, 'company settings: billing');
    await settings.getByRole('button', { name: 'Yearly' }).click();
    await settings.getByText('$900 / year').waitFor();
    await settings.getByText('2 months free: you save $180').waitFor();
    await expectAccessible(page, 'company settings: billing, yearly');
    await settings.getByRole('button', { name: 'Monthly' }).click();
    await settings.getByText('$90 / month').waitFor();

    // Subscribe to Starter, monthly, on the stand-in's page.
    await settings.getByRole('button', { name: 'Subscribe to Starter' }).click();
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor({ timeout: 30_000 });
    await page.getByText('$90.00 per month').first().waitFor();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(positionUrl, { timeout: 60_000 });
    await page.getByText('Payment confirmed. Thank you!').waitFor();
    await expect.poll(() => planOnHover(page)).toMatch(/^Starter plan, billed monthly: unlimited candidates\. Renews on \d{1,2} \w+ \d{4}$/);
    const subscribed = await planStatus(owner.companyId, owner.sessionId);
    expect(subscribed.subscription_status).toBe('subscribed');
    expect(subscribed.subscription).toMatchObject({ tier: 'small', interval: 'month', currency: 'usd', cancel_at_period_end: false });

    // Unlimited: five more invites with no pack credits left, and one from the browser.
    for (const name of ['Dmitri', 'Erin', 'Femi', 'Grace', 'Hiro']) expect((await invite(positionId, owner.sessionId, name)).status).toBe(201);
    await page.reload();
    await page.getByRole('tab', { name: 'Invited (8)' }).waitFor();
    await expect(page.getByText('All your interview credits are used.').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Invite candidate' }).click();
    const inviteDialog = page.getByRole('dialog', { name: 'Invite candidate' });
    await inviteDialog.getByLabel('Full name').fill('Ines');
    await inviteDialog.getByText('Send email invite').click();
    await inviteDialog.getByRole('button', { name: 'Create link' }).click();
    await inviteDialog.getByLabel('Interview link').waitFor();
    await inviteDialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('tab', { name: 'Invited (9)' }).waitFor();
    expect((await planStatus(owner.companyId, owner.sessionId)).candidate_packs_status).toEqual({ allocated: 3, invited: 3, remaining: 0 });

    // While subscribed, plans change in the portal: no subscribe buttons.
    settings = await openBillingTab();
    await settings.getByText('Starter plan, billed monthly').waitFor();
    await settings.getByText(/^Renews on /).waitFor();
    await settings.getByText('Your company has a subscription. To change it, open the billing portal.').waitFor();
    await expect(settings.getByRole('button', { name: /^Subscribe to / }).count()).resolves.toBe(0);
    await expectAccessible(page, 'company settings: billing, subscribed');

    // The portal: cancel at the end of the period, back in the app it says so.
    await settings.getByRole('button', { name: 'Open the billing portal' }).click();
    await page.getByRole('heading', { name: 'Billing portal' }).waitFor({ timeout: 30_000 });
    await expectAccessible(page, "the Stripe stand-in's billing portal");
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await page.getByText('Your plan will be cancelled at the end of the billing period.').waitFor();
    await page.getByRole('link', { name: 'Return to the app' }).click();
    await page.waitForURL(positionUrl);
    await expect.poll(() => planOnHover(page)).toMatch(/^Starter plan, billed monthly: unlimited candidates\. Cancels on /);

    // The period ends: pay-as-you-go again, and inviting is blocked.
    settings = await openBillingTab();
    await settings.getByText(/^Cancels on /).waitFor();
    await settings.getByRole('button', { name: 'Open the billing portal' }).click();
    await page.getByRole('heading', { name: 'Billing portal' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'End billing period' }).click();
    await page.getByText('You have no active subscriptions.').waitFor();
    await page.getByRole('link', { name: 'Return to the app' }).click();
    await page.waitForURL(positionUrl);
    await expect.poll(() => planOnHover(page)).toBe('Pay as you go: 0 of 3 interview credits remaining');
    await page.getByText('All your interview credits are used.').waitFor();
    await page.getByRole('button', { name: 'Invite candidate' }).click();
    await page.getByRole('dialog', { name: 'Select a plan' }).getByRole('button', { name: 'Subscribe to Starter' }).waitFor();
    await expectAccessible(page, 'plan selection dialog, after the subscription ended');
    const ended = await planStatus(owner.companyId, owner.sessionId);
    expect(ended.subscription_status).toBe('not_subscribed');
    expect(ended.subscription).toBeNull();
    expect((await invite(positionId, owner.sessionId, 'Jules')).status).toBe(402);

    expect(errors).toEqual([]);
    await owner.context.close();
  }, 300_000);
});
