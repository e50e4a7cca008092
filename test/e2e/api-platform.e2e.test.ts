import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiKeyPattern } from '../../lambdas/contracts/api-keys';
import { paths } from '../../lambdas/contracts/app-paths';
import { WEBHOOK_TEST_EVENT } from '../../lambdas/contracts/webhook-events';
import { webhookSecretPattern } from '../../lambdas/contracts/webhooks';
import { call } from '../support/api';
import { expectAccessible } from './support/accessibility';
import { appUrl, baseUrl, trackErrors, useBrowser } from './support/browser';
import { signedInMember, signedInOwner } from './support/session';

/**
 * Issue 38's open platform in the browser: the owner creates an API key in Company settings → API
 * (reads its secret once and copies it), calls the API with it from here and sees "Last used" in
 * the list; adds a webhook endpoint pointed at the local receiver (a private address refused beside
 * the URL field first, nothing typed lost), sends a test event and finds it signed in the receiver's
 * JSON and in the endpoint's delivery log, resends it; revokes the key, whose next call is a 401. A
 * member has no Company settings at all. axe on every state.
 */
const browser = useBrowser();

interface Received {
  name: string;
  body: string;
  event_id: string | null;
  attempt: number | null;
  signature: string;
}

/** What the local receiver holds for one receiver name, each signature checked under `secret`. */
const received = async (name: string, secret: string): Promise<Received[]> => {
  const res = await fetch(`${baseUrl()}/_local/webhooks?format=json&name=${name}&secret=${encodeURIComponent(secret)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { received: Received[] }).received;
};

/** Ticks a checkbox from the keyboard (Amplify's input sits under its drawn box, which takes the pointer): focus, Space. */
const tick = async (checkbox: Locator) => {
  await checkbox.focus();
  await checkbox.page().keyboard.press('Space');
  expect(await checkbox.isChecked()).toBe(true);
};

const openSettingsTab = async (page: Page, tab: string, heading: string): Promise<Locator> => {
  const dialog = page.getByRole('dialog', { name: 'Company settings' });
  if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Company settings' }).click();
  await dialog.getByRole('tab', { name: tab, exact: true }).click();
  await dialog.getByRole('heading', { name: heading, level: 3 }).waitFor();
  return dialog;
};

describe('the open platform: API keys and webhooks', () => {
  it('lets the owner create a key, copy it once, call the API with it, see it last used, and revoke it: its next call is a 401', async () => {
    const owner = await signedInOwner(browser, 'Open Platform Co');
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.company.to(owner.companyId)));
    await page.getByTestId('company-name').waitFor();

    // API: no keys yet, and how to call.
    const settings = await openSettingsTab(page, 'API', 'API keys');
    await settings.getByText('No API keys yet.', { exact: false }).waitFor();
    await expect(settings.getByRole('link', { name: 'OpenAPI document' }).getAttribute('href')).resolves.toBe('/api/v1/openapi.json');
    await expect(settings.locator('pre').textContent()).resolves.toContain('Authorization: Bearer');
    await expectAccessible(page, 'company settings: API, no keys');

    // Create: refused without a name (said beside the field), then a key with two scopes for 30 days.
    await settings.getByRole('button', { name: 'Create API key' }).click();
    const create = page.getByRole('dialog', { name: 'Create API key' });
    await create.getByRole('checkbox', { name: 'Read positions and candidates' }).waitFor();
    expect(await create.getByRole('checkbox', { name: 'Read positions and candidates' }).isChecked()).toBe(true);
    await create.getByRole('button', { name: 'Create API key' }).click();
    await create.getByText('Name the key.').waitFor();
    await expect(create.getByLabel('Name', { exact: false }).first().getAttribute('aria-invalid')).resolves.toBe('true');
    await expectAccessible(page, 'create API key: no name');
    await create.getByLabel('Name', { exact: false }).first().fill('Nightly export');
    await tick(create.getByRole('checkbox', { name: 'Invite candidates' }));
    await create.getByLabel('Expires').selectOption({ label: 'In 30 days' });
    await expectAccessible(page, 'create API key: filled in');
    await create.getByRole('button', { name: 'Create API key' }).click();

    // The secret, once: read from the dialog and copied.
    const shown = page.getByRole('dialog', { name: 'API key created' });
    const secretField = shown.getByLabel('Your new API key (Nightly export)');
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(apiKeyPattern);
    await shown.getByText('you will not see it again', { exact: false }).waitFor();
    await shown.getByRole('button', { name: 'Copy key' }).click();
    await shown.getByRole('button', { name: 'Copied to clipboard!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectAccessible(page, 'API key created: the secret shown once');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });

    const keyCard = settings.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Nightly export' }) });
    await keyCard.getByText('Never used').waitFor();
    await keyCard.getByText('Read positions and candidates, Invite candidates').waitFor();
    await expect(keyCard.locator('code').textContent()).resolves.toBe(secret.split('_').slice(0, 2).join('_'));
    expect(await keyCard.textContent()).not.toContain(secret);
    await expectAccessible(page, 'company settings: API, one key');

    // The key calls the API from a server (here), and the list then says when it was last used.
    const bearer = { authorization: `Bearer ${secret}` };
    const listed = await call('listPositions', { params: { companyId: owner.companyId }, headers: bearer });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.positions).toEqual([]);
    const keys = await call('listApiKeys', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect(keys.body.api_keys[0]?.last_used_at).toEqual(expect.any(String));
    await expect
      .poll(async () => {
        // Switching tabs mounts the API tab anew, which reads the list again.
        await openSettingsTab(page, 'Webhooks', 'Webhooks');
        await openSettingsTab(page, 'API', 'API keys');
        return keyCard.getByTestId('api-key-last-used').textContent();
      })
      .not.toBe('Never used');
    await keyCard.locator('[data-testid="api-key-last-used"] time').waitFor();

    // Revoke the key: confirmed, marked revoked in the list, and its next call is a 401.
    await keyCard.getByRole('button', { name: 'Revoke Nightly export' }).click();
    const revoke = page.getByRole('dialog', { name: 'Revoke the key “Nightly export”?' });
    await revoke.getByText('cannot be undone', { exact: false }).waitFor();
    await expectAccessible(page, 'revoke API key: the confirmation');
    await revoke.getByRole('button', { name: 'Revoke key' }).click();
    await revoke.waitFor({ state: 'detached' });
    await keyCard.getByRole('term').filter({ hasText: 'Revoked' }).waitFor();
    await keyCard.locator('.amplify-badge').filter({ hasText: 'Revoked' }).waitFor();
    await expect(keyCard.getByRole('button', { name: 'Revoke Nightly export' }).count()).resolves.toBe(0);
    await settings.getByText('The key “Nightly export” is revoked.').waitFor();
    await expectAccessible(page, 'company settings: API, the key revoked');
    const refusedCall = await call('listPositions', { params: { companyId: owner.companyId }, headers: bearer });
    expect(refusedCall.status, refusedCall.text).toBe(401);

    expect(errors).toEqual([]);
    await owner.context.close();
  });

  it('lets the owner add a webhook endpoint, send a test event, find it signed at the receiver and in the delivery log, resend it and rotate the secret', async () => {
    const owner = await signedInOwner(browser, 'Webhook Co');
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.company.to(owner.companyId)));
    await page.getByTestId('company-name').waitFor();
    const settings = await openSettingsTab(page, 'Webhooks', 'Webhooks');

    // Webhooks: none yet; add one pointed at a private address first (refused beside the URL field), then at the local receiver.
    await settings.getByText('No endpoints yet.', { exact: false }).waitFor();
    await expectAccessible(page, 'company settings: Webhooks, no endpoints');
    await settings.getByRole('button', { name: 'Add endpoint' }).click();
    const add = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await add.getByLabel('Endpoint URL', { exact: false }).waitFor();
    await add.getByRole('button', { name: 'Add endpoint' }).click();
    await add.getByText('Enter the endpoint’s URL.').waitFor();
    await add.getByText('Choose at least one event.').waitFor();
    await expectAccessible(page, 'add webhook endpoint: nothing filled in');

    await add.getByLabel('Endpoint URL', { exact: false }).fill('https://10.0.0.1/hooks');
    await tick(add.getByRole('checkbox', { name: 'candidate.completed' }));
    await tick(add.getByRole('checkbox', { name: 'candidate.deleted' }));
    await add.getByLabel('Description', { exact: false }).fill('Our CRM');
    const refused = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith(`/companies/${owner.companyId}/webhook-endpoints`),
    );
    await add.getByRole('button', { name: 'Add endpoint' }).click();
    expect((await refused).status()).toBe(400);
    const urlField = add.getByLabel('Endpoint URL', { exact: false });
    await expect.poll(() => urlField.getAttribute('aria-invalid')).toBe('true');
    const urlError = await urlField.getAttribute('aria-describedby');
    expect(urlError).toBeTruthy();
    await expectAccessible(page, 'add webhook endpoint: the URL refused by the server');
    // Nothing typed is lost.
    expect(await add.getByRole('checkbox', { name: 'candidate.completed' }).isChecked()).toBe(true);
    expect(await add.getByLabel('Description', { exact: false }).inputValue()).toBe('Our CRM');

    const receiver = `e2e-${randomUUID().slice(0, 8)}`;
    const target = `${baseUrl()}/_local/webhooks/receive/${receiver}`;
    await urlField.fill(target);
    await add.getByRole('button', { name: 'Add endpoint' }).click();
    const added = page.getByRole('dialog', { name: 'Endpoint added' });
    const signingSecretField = added.getByLabel('Signing secret');
    await signingSecretField.waitFor();
    const signingSecret = await signingSecretField.inputValue();
    expect(signingSecret).toMatch(webhookSecretPattern);
    await added.getByText('Webhook-Signature', { exact: false }).waitFor();
    await expectAccessible(page, 'webhook endpoint added: the signing secret shown once');
    await added.getByRole('button', { name: 'Done' }).click();
    await added.waitFor({ state: 'detached' });

    const endpointCard = settings.getByRole('listitem').filter({ has: page.getByRole('heading', { name: target }) });
    await endpointCard.getByText('Enabled', { exact: true }).waitFor();
    await endpointCard.getByText('Our CRM').waitFor();
    await endpointCard.getByText('candidate.completed').waitFor();
    await expectAccessible(page, 'company settings: Webhooks, one endpoint');

    // Send test event: it arrives at the receiver, signed, and shows in the delivery log.
    await endpointCard.getByRole('button', { name: `Send test event to ${target}` }).click();
    await endpointCard.getByText('A test event is on its way', { exact: false }).waitFor();
    await expect.poll(async () => (await received(receiver, signingSecret)).length, { timeout: 30_000 }).toBe(1);
    const [arrived] = await received(receiver, signingSecret);
    expect(arrived!.signature).toBe('verified');
    expect(arrived!.attempt).toBe(1);
    const event = JSON.parse(arrived!.body) as { id: string; type: string; company_id: string; data: Record<string, unknown> };
    expect(event).toMatchObject({ id: arrived!.event_id, type: WEBHOOK_TEST_EVENT, company_id: owner.companyId });

    const log = endpointCard.getByRole('list', { name: 'Delivery attempts, newest first' });
    const firstDelivery = log.getByTestId('webhook-delivery').first();
    await firstDelivery.getByText('Delivered').first().waitFor({ timeout: 30_000 });
    await firstDelivery.getByText(WEBHOOK_TEST_EVENT).waitFor();
    await firstDelivery.getByText('200', { exact: true }).waitFor();
    await firstDelivery.getByText('"received":true', { exact: false }).waitFor();
    await expectAccessible(page, 'webhook endpoint: its delivery log');

    // Resend: the same event again, a new attempt 1 in the log.
    await firstDelivery.getByRole('button', { name: /^Resend webhook\.test/ }).click();
    await endpointCard.getByText('Sent again', { exact: false }).waitFor();
    await expect
      .poll(async () => (await received(receiver, signingSecret)).map((r) => r.event_id), { timeout: 30_000 })
      .toEqual([event.id, event.id]);
    await expect.poll(() => log.getByTestId('webhook-delivery').count(), { timeout: 30_000 }).toBe(2);

    // The receiver's own page lists it, its signature verified.
    const receiverPage = await owner.context.newPage();
    await receiverPage.goto(`${baseUrl()}/_local/webhooks?name=${receiver}&secret=${encodeURIComponent(signingSecret)}`);
    await receiverPage.getByText('Signature verified').first().waitFor();
    await receiverPage.close();

    // Rotate the secret: confirmed, the new one shown once with the overlap explained; the next delivery verifies under both.
    await endpointCard.getByRole('button', { name: `Rotate secret of ${target}` }).click();
    const rotate = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await rotate.getByText('24 hours', { exact: false }).waitFor();
    await expectAccessible(page, 'rotate webhook secret: the confirmation');
    await rotate.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByRole('dialog', { name: 'New signing secret' });
    await rotated.getByLabel('Signing secret').waitFor();
    const newSecret = await rotated.getByLabel('Signing secret').inputValue();
    expect(newSecret).toMatch(webhookSecretPattern);
    expect(newSecret).not.toBe(signingSecret);
    await rotated.getByText('signed with both the new and the previous secret', { exact: false }).waitFor();
    await expectAccessible(page, 'webhook secret rotated: the new secret shown once');
    await rotated.getByRole('button', { name: 'Done' }).click();
    await rotated.waitFor({ state: 'detached' });
    await endpointCard.getByText('The previous secret also signs until', { exact: false }).waitFor();
    await endpointCard.getByRole('button', { name: `Send test event to ${target}` }).click();
    await expect.poll(async () => (await received(receiver, newSecret)).length, { timeout: 30_000 }).toBe(3);
    expect((await received(receiver, newSecret))[0]!.signature).toBe('verified');
    expect((await received(receiver, signingSecret))[0]!.signature).toBe('verified');

    // The one refusal the page met is the private address's 400 (the response, and Chromium's console line for it).
    const refusal = `400 POST /api/v1/companies/${owner.companyId}/webhook-endpoints`;
    expect(errors.filter((e) => e === refusal)).toHaveLength(1);
    expect(errors.filter((e) => e !== refusal && !e.includes('status of 400'))).toEqual([]);
    await owner.context.close();
  });

  it('reads on a phone, and a member has no Company settings (no keys, no webhooks)', async () => {
    const owner = await signedInOwner(browser, 'Pocket Platform');
    const session = owner.sessionId;
    const receiver = `e2e-${randomUUID().slice(0, 8)}`;
    const target = `${baseUrl()}/_local/webhooks/receive/${receiver}`;
    const key = await call('createApiKey', {
      params: { companyId: owner.companyId },
      session,
      body: { name: 'Phone key', scopes: ['read'], expires_at: null },
    });
    expect(key.status, key.text).toBe(201);
    const endpoint = await call('createWebhookEndpoint', {
      params: { companyId: owner.companyId },
      session,
      body: { url: target, events: ['candidate.invited', 'candidate.status_changed'], description: 'A receiver with a long name, to see it wrap' },
    });
    expect(endpoint.status, endpoint.text).toBe(201);
    const test = await call('sendWebhookTestEvent', { params: { companyId: owner.companyId, endpointId: endpoint.body.endpoint_id }, session });
    expect(test.status, test.text).toBe(202);

    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(appUrl(paths.company.to(owner.companyId)));
    await page.getByTestId('company-name').waitFor();
    const settings = await openSettingsTab(page, 'API', 'API keys');
    // Nothing in a tab is wider than the screen: the panel never scrolls sideways.
    const overflow = () => settings.getByRole('tabpanel').evaluate((panel) => panel.scrollWidth - panel.clientWidth);
    await settings.getByRole('heading', { name: 'Phone key' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'company settings: API, on a phone');
    await openSettingsTab(page, 'Webhooks', 'Webhooks');
    await settings.getByRole('button', { name: `Delivery log of ${target}` }).click();
    await settings.getByTestId('webhook-delivery').getByText('Delivered').first().waitFor({ timeout: 30_000 });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'company settings: Webhooks with its delivery log, on a phone');
    expect(errors).toEqual([]);

    const member = await signedInMember(browser, owner);
    const memberPage = await member.context.newPage();
    await memberPage.goto(appUrl(paths.company.to(owner.companyId)));
    await memberPage.getByRole('button', { name: 'Create a position' }).waitFor();
    await expect(memberPage.getByRole('button', { name: 'Company settings' }).count()).resolves.toBe(0);
    await expectAccessible(memberPage, 'positions, as a member');
    await member.context.close();
    await owner.context.close();
  });
});
