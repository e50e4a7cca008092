import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/accessibility';
import { baseUrl, trackErrors, appUrl, useBrowser } from './support/browser';
import { paths } from '../../lambdas/contracts/app-paths';
import { signedInOwner } from './support/session';

const browser = useBrowser();

const invitationLink = async (email: string) => {
  const { messages } = (await fetch(`${baseUrl()}/_local/mail?format=json`).then((r) => r.json())) as { messages: { to: string[]; text: string }[] };
  const link = /(http\S+#\/invite\/[A-Za-z0-9_-]+)/.exec(
    messages.find((m) => m.to.includes(email) && m.text.includes('/#/invite/'))?.text ?? '',
  )?.[1];
  if (!link) throw new Error(`no invitation for ${email}`);
  return link;
};

describe('the team', () => {
  it("lets the owner invite someone from the gear's settings; the invitee accepts and switches between companies", async () => {
    const owner = await signedInOwner(browser, 'Umbrella');
    const invitee = await signedInOwner(browser, 'Own Shop');
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.company.to(owner.companyId)));
    await page.getByTestId('company-name').waitFor();

    await page.getByRole('button', { name: 'Company settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Company settings' });
    await dialog.getByRole('tab', { name: 'Team' }).waitFor();
    await dialog.getByText(`${owner.email} (owner)`).waitFor();
    await expectAccessible(page, 'company settings: team');
    await expect(dialog.getByRole('button', { name: `Remove ${owner.email}` }).count()).resolves.toBe(0);
    const invite = dialog.getByRole('button', { name: 'Invite', exact: true });
    expect(await invite.isDisabled()).toBe(true);
    await dialog.getByLabel('Invite by e-mail').fill(invitee.email);
    await invite.click();
    await dialog
      .getByRole('row', { name: new RegExp(invitee.email) })
      .getByText('invited')
      .waitFor();
    await expectAccessible(page, 'company settings: team, one invited');
    expect(errors).toEqual([]);

    const inviteePage = await invitee.context.newPage();
    await inviteePage.goto(await invitationLink(invitee.email));
    await inviteePage.getByRole('heading', { name: 'Join Umbrella' }).waitFor();
    await expectAccessible(inviteePage, 'member invite');
    await inviteePage.getByRole('button', { name: 'Accept invitation' }).click();
    // Two companies now: the picker, then into Umbrella, where the invitee is not the owner.
    await inviteePage.waitForURL(/#\/companies$/);
    await inviteePage.getByText('Umbrella').waitFor();
    await expectAccessible(inviteePage, 'company picker');
    await inviteePage.getByText('Umbrella').click();
    await inviteePage.getByTestId('company-name').filter({ hasText: 'Umbrella' }).waitFor();
    await inviteePage.getByRole('button', { name: 'Create a position' }).waitFor();
    await expectAccessible(inviteePage, 'positions list, as a member');
    await expect(inviteePage.getByRole('button', { name: 'Company settings' }).count()).resolves.toBe(0);
    await inviteePage.getByRole('button', { name: invitee.email, exact: true }).click();
    await inviteePage.getByRole('menuitem', { name: 'Switch company' }).click();
    await inviteePage.waitForURL(/#\/companies$/);

    await page.reload();
    await page.getByRole('button', { name: 'Company settings' }).click();
    await page
      .getByRole('dialog', { name: 'Company settings' })
      .getByRole('row', { name: new RegExp(invitee.email) })
      .getByText('active')
      .waitFor();
    await owner.context.close();
    await invitee.context.close();
  });

  it("puts the members table's caption above the table on a phone (issue 43)", async () => {
    const owner = await signedInOwner(browser, 'Pocket Co');
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(appUrl(paths.company.to(owner.companyId)));
    await page.getByRole('button', { name: 'Company settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Company settings' });
    await dialog.getByRole('tab', { name: 'Team' }).waitFor();
    const table = dialog.getByRole('table', { name: 'Team members' });
    await table.getByText(`${owner.email} (owner)`).waitFor();
    await expectAccessible(page, 'company settings: team, phone');
    const caption = await table.locator('caption').boundingBox();
    const head = await table.locator('thead').boundingBox();
    expect(caption && head).toBeTruthy();
    expect(caption!.y + caption!.height).toBeLessThanOrEqual(head!.y + 1);
    expect(errors).toEqual([]);
    await owner.context.close();
  });
});
