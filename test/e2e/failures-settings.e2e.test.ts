import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import { call } from '../support/api';
import { uniqueEmail } from '../support/accounts';
import { expectAccessible } from './support/accessibility';
import { appUrl, useBrowser } from './support/browser';
import { failOperation, failStorageUploads, trackPageErrors } from './support/faults';
import { signedInOwner } from './support/session';

/**
 * Spec §8 in the company settings (the owner's gear): each tab's read, and each of its writes, fails
 * for good (a 500 with no user message, or a lost connection); the tab shows the message word for
 * word and stays accessible, and a failed member removal restores the row silently.
 */
const browser = useBrowser();

// A 1×1 transparent PNG.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const alertIn = (scope: Locator | Page, text: string) => scope.getByRole('alert').filter({ hasText: text });

describe('company settings failures (spec §8)', () => {
  it('team, e-mails, theme, integrations and billing show their fallbacks when their calls fail; a failed removal or template deletion restores the row', async () => {
    const owner = await signedInOwner(browser, 'Failing Settings');
    const member = uniqueEmail('member');
    expect((await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email: member } })).status).toBe(
      201,
    );
    const template = await call('createMessageTemplate', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { template_name: 'Kept welcome', subject_line: 'Hello', body_content: 'Welcome, {candidateName}.' },
    });
    expect(template.status).toBe(201);
    const page = await owner.context.newPage();
    const pageErrors = trackPageErrors(page);
    await page.goto(appUrl(paths.positions.to(owner.companyId)));
    await page.getByTestId('company-name').waitFor();
    const dialog = page.getByRole('dialog', { name: 'Company settings' });
    const openTab = async (name: string) => {
      await dialog.getByRole('tab', { name }).click();
      await expect.poll(() => dialog.getByRole('tab', { name, selected: true }).count()).toBe(1);
    };
    /** Shows the tab again (it mounts anew and reads again). */
    const reopenTab = async (name: string) => {
      await openTab(name === 'Billing' ? 'Team' : 'Billing');
      await openTab(name);
    };

    // 8.19: the team cannot be retrieved (the Team tab is the one the gear opens).
    const members = await failOperation(page, 'listMembers');
    await page.getByRole('button', { name: 'Company settings' }).click();
    await alertIn(dialog, 'Unable to retrieve members at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'company settings: the team cannot be retrieved');
    await members.restore();
    await reopenTab('Team');
    const memberRow = dialog.getByRole('row', { name: new RegExp(member) });
    await memberRow.waitFor();

    // 8.20: inviting fails.
    const invite = await failOperation(page, 'inviteMember');
    await dialog.getByLabel('Invite by e-mail').fill(uniqueEmail('another'));
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await alertIn(dialog, 'Unable to invite team member at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'company settings: inviting fails');
    await invite.restore();

    // 8.61: removing fails: the row goes at once, and comes back with no message.
    const remove = await failOperation(page, 'removeMember', { delayMs: 1000 });
    await memberRow.getByRole('button', { name: `Remove ${member}` }).click();
    await memberRow.waitFor({ state: 'detached' });
    await memberRow.waitFor();
    expect(remove.count()).toBe(1);
    // Silently: the only alert is still the failed invitation's.
    expect(await dialog.getByRole('alert').allTextContents()).toEqual(['Unable to invite team member at this time. Please contact us.']);
    await remove.restore();

    // 8.16: the message templates cannot be retrieved.
    const templates = await failOperation(page, 'listMessageTemplates', { failure: 'connection-reset' });
    await openTab('Emails');
    await alertIn(dialog, 'Unable to retrieve message templates at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'company settings: the templates cannot be retrieved');
    await templates.restore();
    await reopenTab('Emails');

    // Spec §8: a failed template delete restores the row silently (here a lost connection, which the
    // SPA retries as it does every DELETE, then gives up).
    const templateRow = dialog.getByRole('row', { name: /Kept welcome/ });
    await templateRow.waitFor();
    const removeTemplate = await failOperation(page, 'deleteMessageTemplate', { failure: 'connection-reset', delayMs: 500 });
    await templateRow.getByRole('button', { name: 'Delete Kept welcome' }).click();
    await templateRow.waitFor({ state: 'detached' });
    await templateRow.waitFor();
    expect(removeTemplate.count()).toBeGreaterThan(0);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await expectAccessible(page, 'company settings: a template deletion failed, the row restored');
    await removeTemplate.restore();
    // It is still there on the server.
    const listed = await call('listMessageTemplates', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect((listed.body.message_templates as { template_id: string }[]).map((t) => t.template_id)).toContain(template.body.template_id);

    // 8.18: saving a new template fails; the editor keeps what was typed.
    await dialog.getByRole('button', { name: 'New template' }).click();
    const editor = page.getByRole('dialog', { name: 'New template' });
    await editor.getByRole('textbox', { name: 'Name', exact: true }).fill('Never saved');
    await editor.getByRole('textbox', { name: 'Subject', exact: true }).fill('Hello');
    await editor.getByRole('textbox', { name: 'Message', exact: true }).fill('A message that the server will not keep.');
    const create = await failOperation(page, 'createMessageTemplate');
    await editor.getByRole('button', { name: 'Save' }).click();
    await alertIn(editor, 'Unable to save changes at this time. Please contact us.').waitFor();
    expect(await editor.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Never saved');
    await expectAccessible(page, 'template editor: saving fails');
    await create.restore();
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'hidden' });

    // 8.14: the theme cannot be retrieved.
    const theme = await failOperation(page, 'getTheme');
    await openTab('Theme');
    await alertIn(dialog, 'Unable to retrieve theme at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'company settings: the theme cannot be retrieved');
    await theme.restore();
    await reopenTab('Theme');
    const logoInput = dialog.getByLabel('Logo');
    await logoInput.waitFor({ state: 'attached' });

    // 8.41: the upload is refused; 8.42: the bytes cannot be stored, or the upload cannot be completed.
    const register = await failOperation(page, 'createUserMediaUpload');
    await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await dialog.getByText('Unable to upload logo', { exact: true }).waitFor();
    await expectAccessible(page, 'company settings: the logo upload is refused');
    await register.restore();
    const storage = await failStorageUploads(page);
    await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await dialog.getByText('Error uploading logo', { exact: true }).waitFor();
    expect(storage.count()).toBeGreaterThan(0);
    await expectAccessible(page, 'company settings: the logo cannot be stored');
    await storage.restore();
    const complete = await failOperation(page, 'completeMediaUploads');
    await logoInput.setInputFiles({ name: 'logo2.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => complete.count()).toBe(1);
    await dialog.getByText('Error uploading logo', { exact: true }).waitFor();
    expect(await dialog.getByRole('img', { name: 'Company logo' }).count()).toBe(0);
    await complete.restore();

    // 8.15: saving the theme fails; the edit stays, Save can be pressed again.
    const save = await failOperation(page, 'putTheme');
    await dialog.getByLabel('Primary color', { exact: true }).fill('#ffeb3b');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await alertIn(dialog, 'Unable to update theme at this time. Please contact us.').waitFor();
    expect(await dialog.getByLabel('Primary color', { exact: true }).inputValue()).toBe('#ffeb3b');
    expect(await dialog.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(false);
    await expectAccessible(page, 'company settings: the theme cannot be saved');
    await save.restore();

    // 8.12: the integrations cannot be retrieved.
    const integrations = await failOperation(page, 'listIntegrations');
    await openTab('Integrate');
    await alertIn(dialog, 'Unable to retrieve integrations at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'company settings: the integrations cannot be retrieved');
    await integrations.restore();
    await reopenTab('Integrate');

    // 8.11: adding one fails.
    await dialog.getByLabel('Integration type').selectOption('greenhouse');
    await dialog.getByLabel('Client ID').fill('greenhouse-local-client');
    await dialog.getByLabel('API key', { exact: true }).fill('greenhouse-local-secret');
    const add = await failOperation(page, 'createIntegration');
    await dialog.getByRole('button', { name: 'Add integration' }).click();
    await alertIn(dialog, 'Unable to add an integration at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'company settings: adding an integration fails');
    await add.restore();

    // 8.13: the billing information cannot be retrieved.
    const plan = await failOperation(page, 'getPlanStatus');
    // A fresh page: the plan the positions screen read earlier may still be cached (and not read
    // again within SWR's deduping window), so the tab is opened on a page that has no copy of it.
    await page.reload();
    await page.getByTestId('company-name').waitFor();
    await page.getByRole('button', { name: 'Company settings' }).click();
    await openTab('Billing');
    await alertIn(dialog, 'Unable to retrieve billing information at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'company settings: billing cannot be retrieved');
    await plan.restore();

    expect(pageErrors).toEqual([]);
    await owner.context.close();
  });
});
