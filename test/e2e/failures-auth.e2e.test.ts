import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import { call } from '../support/api';
import { uniqueEmail } from '../support/accounts';
import { expectAccessible } from './support/accessibility';
import { appUrl, baseUrl, useBrowser } from './support/browser';
import { failOperation, trackPageErrors } from './support/faults';
import { signedInOwner } from './support/session';

/**
 * Spec §8, account and company fallbacks: each call behind a message fails for good (a 500 with no
 * user message, or a lost connection), the screen shows the message word for word, stays accessible,
 * and the same action works once the call does (the way on).
 */
const browser = useBrowser();

const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

const invitationNonce = async (email: string): Promise<string> => {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { messages } = (await fetch(`${baseUrl()}/_local/mail?format=json`).then((r) => r.json())) as { messages: { to: string[]; text: string }[] };
    const nonce = /#\/invite\/([A-Za-z0-9_-]+)/.exec(messages.find((m) => m.to.includes(email) && m.text.includes('/#/invite/'))?.text ?? '')?.[1];
    if (nonce) return nonce;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no invitation for ${email}`);
};

describe('account failures (spec §8)', () => {
  it('sign-in, the code and registration show their fallbacks when sending a code, signing in or registering fails, and work again after', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pageErrors = trackPageErrors(page);
    const email = uniqueEmail('signin');
    expect((await call('createAccount', { body: { email, company_name: 'Failing Sign-ins' } })).status).toBe(201);

    // 8.4 on the sign-in screen: the code cannot be sent.
    await page.goto(appUrl(paths.signIn.to()));
    const sendCode = await failOperation(page, 'sendMagicCode');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await alert(page, 'Unable to send a magic code at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'sign-in: the code cannot be sent');
    // The way on: the same form sends it once the call goes through.
    await sendCode.restore();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Code').waitFor();

    // 8.5 on the code screen: the session cannot be made (a lost connection).
    const signIn = await failOperation(page, 'createMagicCodeSession', { failure: 'connection-reset' });
    await page.getByLabel('Code').fill('ABCDEF');
    await alert(page, 'Unable to sign in at this time. Please contact us.').waitFor();
    expect(signIn.count()).toBeGreaterThan(0);
    await expectAccessible(page, 'magic code: signing in fails');
    await signIn.restore();

    // 8.4 on the code screen: "Send a new code" fails.
    const resend = await failOperation(page, 'sendMagicCode');
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await alert(page, 'Unable to send a magic code at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'magic code: a new code cannot be sent');
    await resend.restore();
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await page.getByText(`We sent a new code to ${email}.`).waitFor();

    // 8.3's fallback: registering fails with no message from the server.
    await page.goto(appUrl(paths.register.to()));
    const register = await failOperation(page, 'createAccount');
    const newcomer = uniqueEmail('register');
    await page.getByLabel('E-mail').fill(newcomer);
    await page.getByLabel('Company name').fill('Failing Registrations');
    await page.getByRole('button', { name: 'Create account' }).click();
    await alert(page, 'Unable to register at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'register: registering fails');
    await register.restore();

    // 8.4 on the registration screen: the account is made, its code cannot be sent.
    const registerCode = await failOperation(page, 'sendMagicCode');
    await page.getByRole('button', { name: 'Create account' }).click();
    await alert(page, 'Unable to send a magic code at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'register: the code cannot be sent');
    expect(registerCode.count()).toBe(1);
    await registerCode.restore();

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the companies, the company bar and a team invitation show their fallbacks when their calls fail', async () => {
    const owner = await signedInOwner(browser, 'Failing Company');
    const page = await owner.context.newPage();
    const pageErrors = trackPageErrors(page);

    // 8.8: the company list cannot be retrieved (the bar, which reads the same list, is hidden).
    const me = await failOperation(page, 'getMe');
    await page.goto(appUrl(paths.companies.to()));
    await alert(page, 'Unable to retrieve companies at this time. Please contact us.').waitFor();
    expect(await page.getByTestId('top-bar').count()).toBe(0);
    await expectAccessible(page, 'companies: the list cannot be retrieved');
    // The way on: reloading once the call goes through leads to the company.
    await me.restore();
    await page.reload();
    await page.waitForURL(/positions/);
    await page.getByTestId('company-name').waitFor();

    // 8.63: the company bar's company cannot be loaded: the bar is hidden, the screen under it works.
    // (Loaded anew: the hash route alone would keep the company the page has read.)
    const company = await failOperation(page, 'getCompany', { failure: 'connection-reset' });
    await page.goto(appUrl(paths.positions.to(owner.companyId)));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Positions' }).waitFor();
    await expect.poll(() => company.count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('top-bar').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Company settings' }).count()).toBe(0);
    await expectAccessible(page, 'positions without the company bar');
    await company.restore();

    // A member invitation, opened signed out.
    const email = uniqueEmail('member');
    expect((await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } })).status).toBe(201);
    const nonce = await invitationNonce(email);
    const invitee = await browser.newContext();
    const invitePage = await invitee.newPage();
    const inviteErrors = trackPageErrors(invitePage);

    // 8.7: the invitation cannot be retrieved.
    const retrieve = await failOperation(invitePage, 'getMemberInvite');
    await invitePage.goto(appUrl(paths.memberInvite.to(nonce)));
    await alert(invitePage, 'Unable to retrieve invite at this time. Please contact us.').waitFor();
    expect(await invitePage.getByRole('button', { name: 'Accept invitation' }).count()).toBe(0);
    await expectAccessible(invitePage, 'team invitation: it cannot be retrieved');
    await retrieve.restore();

    // 8.6: it is shown, accepting fails; the button accepts once the call goes through.
    await invitePage.reload();
    await invitePage.getByRole('heading', { level: 1, name: 'Join Failing Company' }).waitFor();
    const accept = await failOperation(invitePage, 'confirmMemberInvite');
    await invitePage.getByRole('button', { name: 'Accept invitation' }).click();
    await alert(invitePage, 'Unable to accept at this time. Please contact us.').waitFor();
    await expectAccessible(invitePage, 'team invitation: accepting fails');
    await accept.restore();
    await invitePage.getByRole('button', { name: 'Accept invitation' }).click();
    await invitePage.getByRole('heading', { level: 1, name: 'Positions' }).waitFor();

    expect([...pageErrors, ...inviteErrors]).toEqual([]);
    await invitee.close();
    await owner.context.close();
  });
});
