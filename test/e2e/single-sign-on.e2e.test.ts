import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { href, paths } from '../../lambdas/contracts/app-paths';
import { RECOVERY_CODE_PATTERN, SSO_ERROR_MESSAGES, SSO_TXT_LABEL } from '../../lambdas/contracts/sso';
import type { OperationId } from '../../lambdas/operations/index';
import { call, type CallOptions } from '../support/api';
import { expectAccessible } from './support/accessibility';
import { appUrl, baseUrl, trackErrors, useBrowser } from './support/browser';
import { codeFromMailbox } from './support/mailbox';
import { signedInContext } from './support/session';

/**
 * Single sign-on (issue 42) in the browser, through the local OpenID provider (`/_local/oidc`, the
 * certified oidc-provider package) and the DNS stand-in: an owner at the company's domain adds the
 * provider in Company settings → Sign-in, adds the domain and proves it (the TXT record set in the
 * stand-in resolver; a check before it is refused beside the button), requires single sign-on and
 * reads the recovery code once. An invited member signs in through the provider's own login page
 * and is back in the app, signed in; signed out, their e-mailed code is refused with the message
 * and the single sign-on button. A new person from the domain is refused while joining is by
 * invitation, and joins once the owner lets people join. The owner's code is refused too, and the
 * recovery code signs them in, which the audit log shows. axe on each of our screens.
 */
const browser = useBrowser();

/** Domains of this run's own: a proven domain belongs to one company only. */
const domain = `sso-${randomUUID().slice(0, 8)}.test`;
const samlDomain = `saml-${randomUUID().slice(0, 8)}.test`;
const at = (name: string, inDomain = domain) => `${name}-${randomUUID().slice(0, 6)}@${inDomain}`;

const api = async <Op extends OperationId>(operationId: Op, options: CallOptions<Op>) => {
  const response = await call(operationId, options);
  if (response.status >= 400) throw new Error(`${operationId} → ${response.status} ${response.text}`);
  return response.body;
};

/** Presses a control Amplify draws over its input (a radio, a switch) from the keyboard: focus, Space. */
const press = async (control: Locator) => {
  await control.focus();
  await control.page().keyboard.press('Space');
};

const openSignInTab = async (page: Page): Promise<Locator> => {
  const dialog = page.getByRole('dialog', { name: 'Company settings' });
  if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Company settings' }).click();
  await dialog.getByRole('tab', { name: 'Sign-in', exact: true }).click();
  await dialog.getByRole('heading', { name: 'Identity providers', level: 3 }).waitFor();
  return dialog;
};

/** A stand-in provider's login page (OpenID's or SAML's): the person is whoever's address is typed. */
const signInAtProvider = async (page: Page, email: string, provider = '/_local/oidc') => {
  await page.waitForURL((url) => url.pathname.startsWith(provider));
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};

/** From the app's sign-in screen, through the provider, back in the app: where it lands. */
const singleSignOn = async (browserToUse: Browser, email: string, provider?: string) => {
  const context = await browserToUse.newContext();
  const page = await context.newPage();
  const errors = trackErrors(page);
  await page.goto(appUrl(paths.signIn.to()));
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await signInAtProvider(page, email, provider);
  await page.waitForURL((url) => url.origin === baseUrl() && url.hash.startsWith(href('/')) && !url.hash.startsWith(href(paths.sso.pattern)));
  return { context, page, errors };
};

/** The first test walks four people through the whole set-up: over a minute on this machine alone, so it has twice the file's default. */
const WHOLE_STORY_MS = 240_000;

describe('single sign-on through the local OpenID provider', () => {
  it('is set up by the owner, used by a member and a new person from the domain, refuses their codes, and leaves the owner a recovery code', async () => {
    // The owner, at the company's domain, signed in with a code before single sign-on is required.
    const ownerEmail = at('owner');
    const account = await api('createAccount', { body: { email: ownerEmail, company_name: 'Single Sign-On Co' } });
    const companyId = account.company_id;
    await api('sendMagicCode', { body: { email: ownerEmail } });
    const ownerSession = await api('createMagicCodeSession', { body: { email: ownerEmail, shortnonce: await codeFromMailbox(ownerEmail) } });
    const ownerContext = await signedInContext(browser, ownerSession.session_id);
    await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const page = await ownerContext.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.company.to(companyId)));
    await page.getByTestId('company-name').waitFor();

    // Sign-in: nothing yet; requiring is not possible and says why.
    const settings = await openSignInTab(page);
    await settings.getByText('No identity provider yet.', { exact: false }).waitFor();
    const requireSwitch = settings.getByRole('switch', { name: 'Require single sign-on' });
    expect(await requireSwitch.isDisabled()).toBe(true);
    await settings.getByText('Add an identity provider and prove a domain first.', { exact: false }).waitFor();
    await expectAccessible(page, 'Sign-in tab, nothing set up');

    // Add provider: the redirect URL to register is shown first; an empty save is refused beside the fields.
    await settings.getByRole('button', { name: 'Add provider' }).click();
    const add = page.getByRole('dialog', { name: 'Add provider' });
    const redirectUrl = `${baseUrl()}/api/v1/sso/oidc/callback`;
    await add.getByText(redirectUrl).waitFor();
    await add.getByRole('button', { name: 'Add provider' }).click();
    await add.getByText('Enter the client secret.').waitFor();
    await expectAccessible(page, 'add provider, nothing typed');
    await add.getByRole('textbox', { name: 'Name' }).fill('Local OpenID');
    await add.getByRole('textbox', { name: 'Issuer URL' }).fill(`${baseUrl()}/_local/oidc`);
    await add.getByRole('textbox', { name: 'Client ID' }).fill('video-interviews-local');
    await add.getByLabel('Client secret', { exact: false }).first().fill('local-oidc-secret');
    await add.getByRole('button', { name: 'Add provider' }).click();
    await add.waitFor({ state: 'detached' });
    const providerCard = settings.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Local OpenID' }) });
    await providerCard.getByText('OpenID Connect').waitFor();
    await providerCard.getByText(redirectUrl).waitFor();
    await providerCard.getByRole('button', { name: 'Copy redirect URL' }).click();
    await providerCard.getByRole('button', { name: 'Copied to clipboard!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(redirectUrl);
    await expectAccessible(page, 'Sign-in tab, a provider');

    // The domain: pending with its TXT record; a check before the record exists is refused beside the button.
    await settings.getByRole('textbox', { name: 'Domain' }).fill(domain.toUpperCase());
    await settings.getByRole('button', { name: 'Add domain' }).click();
    const domainCard = settings.getByRole('listitem').filter({ has: page.getByRole('heading', { name: domain }) });
    await domainCard.getByText('Pending', { exact: true }).waitFor();
    const txtName = await domainCard.locator('.sso-setup__value', { hasText: 'Name' }).locator('code').textContent();
    const txtValue = await domainCard.locator('.sso-setup__value', { hasText: 'Value' }).locator('code').textContent();
    expect(txtName).toBe(`${SSO_TXT_LABEL}.${domain}`);
    expect(txtValue).toMatch(/^video-interviews-domain-verification=/);
    await domainCard.getByRole('button', { name: 'Check now' }).click();
    const refusal = domainCard.getByRole('alert');
    await refusal.waitFor();
    expect((await refusal.textContent())?.length).toBeGreaterThan(0);
    expect(await requireSwitch.isDisabled()).toBe(true);
    await expectAccessible(page, 'Sign-in tab, a pending domain refused');

    const dns = await fetch(`${baseUrl()}/_local/dns/txt/${encodeURIComponent(txtName!)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ values: [txtValue] }),
    });
    expect(dns.status).toBeLessThan(300);
    await domainCard.getByRole('button', { name: 'Check now' }).click();
    await domainCard.getByText('Proven', { exact: true }).waitFor();
    await settings.getByText(`${domain} is proven.`).waitFor();
    expect(await requireSwitch.isDisabled()).toBe(false);
    await expectAccessible(page, 'Sign-in tab, a proven domain');

    // Invite a member before single sign-on is required (an invitation lets them join through it).
    const memberEmail = at('member');
    await api('inviteMember', { params: { companyId }, session: ownerSession.session_id, body: { email: memberEmail } });

    // Require single sign-on (joining by invitation only): the recovery code, shown once.
    await press(requireSwitch);
    expect(await requireSwitch.isChecked()).toBe(true);
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    const shown = page.getByRole('dialog', { name: 'Your recovery code' });
    const codeField = shown.getByLabel('Recovery code');
    await codeField.waitFor();
    const recoveryCode = await codeField.inputValue();
    expect(recoveryCode).toMatch(RECOVERY_CODE_PATTERN);
    await shown.getByText('your way in if the identity provider breaks', { exact: false }).waitFor();
    await expectAccessible(page, 'recovery code shown once');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    await settings.getByText('The sign-in settings are saved.').waitFor();
    await settings.getByText('A recovery code exists.', { exact: false }).waitFor();
    expect(await settings.textContent()).not.toContain(recoveryCode);

    // The invited member signs in through the provider and is in the company.
    const member = await singleSignOn(browser, memberEmail);
    await member.page.getByTestId('company-name').waitFor();
    await expect(member.page.getByTestId('company-name').textContent()).resolves.toBe('Single Sign-On Co');
    expect(member.page.url()).not.toContain('ticket=');
    expect(await member.page.evaluate(() => localStorage.getItem('session_id'))).toBeTruthy();
    await expectAccessible(member.page, 'member signed in by single sign-on');

    // Signed out, the member's e-mailed code is refused: the screen says so, with the single sign-on button.
    await member.page.getByRole('button', { name: memberEmail, exact: true }).click();
    await member.page.getByRole('menuitem', { name: 'Sign out' }).click();
    await member.page.waitForURL(/#\/signin$/);
    await member.page.getByLabel('E-mail').fill(memberEmail);
    await member.page.getByRole('button', { name: 'Continue' }).click();
    await member.page.getByText('Your company signs in with single sign-on.', { exact: false }).waitFor();
    await member.page.getByRole('button', { name: 'Sign in with single sign-on' }).waitFor();
    expect(await member.page.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    await expectAccessible(member.page, 'sign-in: code refused, single sign-on required');
    const codeRefused = await call('sendMagicCode', { body: { email: memberEmail } });
    expect(codeRefused.status).toBe(403);
    expect(codeRefused.body.code).toBe('sso_required');
    await member.context.close();

    // A new person from the domain: refused while joining is by invitation, said in words on #/sso.
    const newcomerEmail = at('newcomer');
    const newcomerContext = await browser.newContext();
    const newcomer = await newcomerContext.newPage();
    await newcomer.goto(appUrl(paths.signIn.to()));
    await newcomer.getByLabel('E-mail').fill(newcomerEmail);
    await newcomer.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    await signInAtProvider(newcomer, newcomerEmail);
    await newcomer.getByText(SSO_ERROR_MESSAGES.sso_not_member).waitFor();
    await newcomer.getByRole('link', { name: 'Back to sign-in' }).waitFor();
    await expectAccessible(newcomer, 'the single sign-on screen: not a member');
    await newcomerContext.close();

    // The owner lets people from the domain join; the new person then joins on a first sign-in.
    await press(settings.getByRole('radio', { name: 'Join as members on first sign-in' }));
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await settings.getByText('The sign-in settings are saved.').waitFor();
    const joined = await singleSignOn(browser, newcomerEmail);
    await joined.page.getByTestId('company-name').waitFor();
    await expect(joined.page.getByTestId('company-name').textContent()).resolves.toBe('Single Sign-On Co');
    const members = await api('listMembers', { params: { companyId }, session: ownerSession.session_id });
    expect(JSON.stringify(members)).toContain(newcomerEmail);
    await joined.context.close();

    // The owner's own code is refused now; the recovery code signs them in, and the audit log says so.
    const ownerCode = await call('sendMagicCode', { body: { email: ownerEmail } });
    expect(ownerCode.status).toBe(403);
    const recoveryContext = await browser.newContext();
    const recovery = await recoveryContext.newPage();
    const recoveryErrors = trackErrors(recovery);
    await recovery.goto(appUrl(paths.signIn.to()));
    await recovery.getByLabel('E-mail').fill(ownerEmail);
    await recovery.getByRole('button', { name: 'Use a recovery code' }).click();
    await recovery.getByRole('heading', { name: 'Sign in with a recovery code' }).waitFor();
    expect(await recovery.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe(ownerEmail);
    await expectAccessible(recovery, 'recovery code form');
    await recovery.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCode.toLowerCase());
    await recovery.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
    await recovery.getByTestId('company-name').waitFor();
    await recovery.getByRole('button', { name: 'Company settings' }).click();
    const ownerSettings = recovery.getByRole('dialog', { name: 'Company settings' });
    await ownerSettings.getByRole('tab', { name: 'Audit log', exact: true }).click();
    await ownerSettings.getByText('Signed in with the recovery code').first().waitFor();
    await expectAccessible(recovery, 'audit log with the recovery sign-in');
    expect(recoveryErrors).toEqual([]);
    await recoveryContext.close();

    // The first owner page saw only the one refusal it asked for (the check before the TXT record: its response and the console's line for it).
    expect(errors.filter((e) => /^400 POST .*\/checks$/.test(e))).toHaveLength(1);
    expect(errors.filter((e) => !/^400 POST .*\/checks$/.test(e) && !e.includes('status of 400'))).toEqual([]);
    await ownerContext.close();
  }, WHOLE_STORY_MS);

  it('works the same through the local SAML identity provider, its metadata read from its URL; removing the provider ends its sessions', async () => {
    const ownerEmail = at('owner', samlDomain);
    const account = await api('createAccount', { body: { email: ownerEmail, company_name: 'SAML Co' } });
    const companyId = account.company_id;
    await api('sendMagicCode', { body: { email: ownerEmail } });
    const ownerSession = await api('createMagicCodeSession', { body: { email: ownerEmail, shortnonce: await codeFromMailbox(ownerEmail) } });
    const session = ownerSession.session_id;
    const ownerContext = await signedInContext(browser, session);
    const page = await ownerContext.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.company.to(companyId)));
    await page.getByTestId('company-name').waitFor();

    // Add provider, SAML 2.0, metadata by URL: the provider then shows our entity id, ACS URL and metadata.
    const settings = await openSignInTab(page);
    await settings.getByRole('button', { name: 'Add provider' }).click();
    const add = page.getByRole('dialog', { name: 'Add provider' });
    await press(add.getByRole('radio', { name: 'SAML 2.0' }));
    await add.getByRole('textbox', { name: 'Metadata XML' }).waitFor();
    await add.getByRole('textbox', { name: 'Name' }).fill('Local SAML');
    await press(add.getByRole('radio', { name: 'Read it from a URL' }));
    await add.getByRole('textbox', { name: 'Metadata URL' }).fill(`${baseUrl()}/_local/saml/metadata`);
    await expectAccessible(page, 'add provider, SAML by URL');
    await add.getByRole('button', { name: 'Add provider' }).click();
    await add.waitFor({ state: 'detached' });
    const card = settings.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Local SAML' }) });
    await card.getByText('SAML 2.0').waitFor();
    const providers = await api('getSsoConfiguration', { params: { companyId }, session });
    const setup = providers.providers[0]!.setup;
    await card.getByText(setup.entity_id!, { exact: true }).waitFor();
    await card.getByText(setup.acs_url!, { exact: true }).waitFor();
    expect(await card.getByRole('textbox', { name: 'Our metadata' }).inputValue()).toContain('EntityDescriptor');
    await card.getByRole('button', { name: 'Download metadata' }).waitFor();
    await expectAccessible(page, 'Sign-in tab, a SAML provider');

    // The domain proven and single sign-on required with people joining (through the API: the first test did it in the page).
    const record = await api('createSsoDomain', { params: { companyId }, session, body: { domain: samlDomain } });
    await fetch(`${baseUrl()}/_local/dns/txt/${encodeURIComponent(record.txt_name)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ values: [record.txt_value] }),
    });
    await api('checkSsoDomain', { params: { companyId, domain: samlDomain }, session });
    await api('putSsoSettings', { params: { companyId }, session, body: { require_sso: true, join_mode: 'join_as_member' } });

    // A new person from the domain signs in through the SAML provider and has joined the company.
    const newcomerEmail = at('newcomer', samlDomain);
    const joined = await singleSignOn(browser, newcomerEmail, '/_local/saml');
    await joined.page.getByTestId('company-name').waitFor();
    await expect(joined.page.getByTestId('company-name').textContent()).resolves.toBe('SAML Co');
    await expectAccessible(joined.page, 'signed in by SAML');
    expect(joined.errors).toEqual([]);
    const codeRefused = await call('sendMagicCode', { body: { email: newcomerEmail } });
    expect(codeRefused.status).toBe(403);
    const joinedSession = (await joined.page.evaluate(() => localStorage.getItem('session_id')))!;
    expect((await call('getCompany', { params: { companyId }, session: joinedSession })).status).toBe(200);
    await joined.context.close();

    // The only provider stays while single sign-on is required: the dialog says so in the server's words.
    await card.getByRole('button', { name: 'Remove the provider Local SAML' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove the provider “Local SAML”?' });
    await confirm.getByText('Everyone signed in through this provider is signed out now', { exact: false }).waitFor();
    await expectAccessible(page, 'remove the SAML provider?');
    await confirm.getByRole('button', { name: 'Remove provider' }).click();
    await confirm.getByText('This is the only identity provider, and single sign-on is required', { exact: false }).waitFor();
    await expectAccessible(page, 'the only provider cannot go');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });

    // Not required any more: removing the provider (after a confirmation saying so) ends the sessions signed in through it.
    await api('putSsoSettings', { params: { companyId }, session, body: { require_sso: false, join_mode: 'join_as_member' } });
    await card.getByRole('button', { name: 'Remove the provider Local SAML' }).click();
    await confirm.getByRole('button', { name: 'Remove provider' }).click();
    await confirm.waitFor({ state: 'detached' });
    await settings.getByText('The provider “Local SAML” is removed.').waitFor();
    await settings.getByText('No identity provider yet.', { exact: false }).waitFor();
    expect((await call('getCompany', { params: { companyId }, session: joinedSession })).status).toBe(401);
    expect((await call('getCompany', { params: { companyId }, session })).status).toBe(200);
    // The one refusal asked for above (the only provider while required), and nothing else.
    expect(errors.filter((e) => !/409|Conflict/.test(e))).toEqual([]);
    expect(errors.filter((e) => /^409 DELETE .*\/sso\/providers\//.test(e))).toHaveLength(1);
    await ownerContext.close();
  });
});
