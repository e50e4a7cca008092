import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { expectAccessible } from './support/accessibility';
import { trackErrors, appUrl, useBrowser } from './support/browser';
import { href, paths } from '../../lambdas/contracts/app-paths';
import { codeFromMailbox } from './support/mailbox';

const browser = useBrowser();

const uniqueEmail = () => `e2e-${randomUUID().slice(0, 8)}@example.com`;

const enterCode = async (page: Page, code: string) => {
  const field = page.getByLabel('Code');
  await field.fill('');
  await field.pressSequentially(code.toLowerCase()); // typed in lower case: the field upper-cases it
};

describe('registration and sign-in', () => {
  it('registers a company, signs in with the mailed code, signs out and signs in again', async () => {
    const page = await browser.newPage();
    const errors = trackErrors(page);
    const email = uniqueEmail();

    await page.goto(appUrl(paths.register.to({ tags: 'e2e,trial' })));
    const create = page.getByRole('button', { name: 'Create account' });
    expect(await create.isDisabled()).toBe(true);
    await expectAccessible(page, 'register');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Company name').fill('Globex');
    await create.click();

    await page.waitForURL(/#\/magic-code\?/);
    await page.getByText('It expires shortly.').waitFor();
    await expectAccessible(page, 'magic code');
    const code = await codeFromMailbox(email);
    await enterCode(page, code); // auto-submits at the sixth character
    await page.waitForURL(/#\/companies\/[^/]+\/positions$/);
    await page.getByRole('heading', { name: 'Positions' }).waitFor();
    await page.getByRole('button', { name: 'Create a position' }).waitFor(); // no positions at all yet
    await expect(page.getByTestId('company-name').textContent()).resolves.toBe('Globex');
    expect(await page.getByTestId('company-name').getAttribute('title')).toBe('Pay as you go: 3 of 3 interview credits remaining');
    await expectAccessible(page, 'positions list, no positions yet');

    // The user menu is named by what it shows: the signed-in e-mail.
    await page.getByRole('button', { name: email, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    await expectAccessible(page, 'user menu');
    await expect(page.getByRole('menuitem', { name: 'Switch company' }).count()).resolves.toBe(0);
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/#\/signin$/);
    expect(await page.evaluate(() => localStorage.getItem('session_id'))).toBeNull();

    const cont = page.getByRole('button', { name: 'Continue' });
    expect(await cont.isDisabled()).toBe(true);
    await expectAccessible(page, 'sign in');
    await page.getByLabel('E-mail').fill(email);
    await cont.click();
    await page.waitForURL(/#\/magic-code\?/);
    await enterCode(page, await codeFromMailbox(email, code));
    await page.waitForURL(/#\/companies\/[^/]+\/positions$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('tells a second registration of the address to sign in', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail();
    await call('createAccount', { body: { email, company_name: 'First' } });
    await page.goto(appUrl(paths.register.to()));
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Company name').fill('Second');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('You already have an account and can sign in.').waitFor();
    await expectAccessible(page, 'register, already registered');
    await page.getByRole('alert').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/#\/signin$/);
    await page.close();
  });

  it('locks a code after five wrong tries', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail();
    await call('createAccount', { body: { email, company_name: 'Locked' } });
    await page.goto(appUrl(paths.signIn.to()));
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/#\/magic-code\?/);
    const code = await codeFromMailbox(email);
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < 4; i++) {
      await enterCode(page, wrong);
      await page.getByText('That code is not right. Check the e-mail and try again.').waitFor();
    }
    await enterCode(page, wrong);
    await page.getByText('Too many wrong tries: this code no longer works. Request a new code.').waitFor();
    await expectAccessible(page, 'magic code, locked');
    await enterCode(page, code);
    await page.getByText('That code is not valid. Request a new code.').waitFor();
    expect(page.url()).toContain(href(paths.magicCode.pattern));

    await page.getByRole('button', { name: 'Send a new code' }).click();
    await page.getByText(`We sent a new code to ${email}.`).waitFor();
    await enterCode(page, await codeFromMailbox(email, code));
    await page.waitForURL(/#\/companies\/[^/]+\/positions$/);
    await page.close();
  });
});
