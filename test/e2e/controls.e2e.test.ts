import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { allocateCredits } from '../support/aws';
import { interviewFixture } from '../support/interviews';
import { expectAccessible } from './support/accessibility';
import { appUrl, trackErrors, useBrowser } from './support/browser';
import { paths } from '../../lambdas/contracts/app-paths';
import { signedInOwner } from './support/session';

const browser = useBrowser();

const interview = interviewFixture({ questions: ['What brings you here?'] });

const newPosition = async (owner: { companyId: string; sessionId: string }, jobTitle: string) =>
  (await call('createPosition', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { job_title: jobTitle, interview } })).body
    .position_id as string;

/** Every native file and colour input in `scope` exists (the control is kept) and none is drawn. */
const expectNoNativeInputsShown = async (scope: Locator | Page) => {
  const natives = await scope.locator('input[type=file], input[type=color]').all();
  const shown = await Promise.all(natives.map((input) => input.isVisible()));
  expect(shown.filter(Boolean)).toEqual([]);
  return natives.length;
};

/** The dialog's box once its opening animation (a slight rise and scale, dialog.css) is over. */
const settledBox = async (dialog: Locator) => {
  await dialog.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
  return dialog.boundingBox();
};

/** What each tab shows once it has loaded. */
const tabContent: Record<string, (dialog: Locator) => Locator> = {
  Team: (d) => d.getByRole('table', { name: 'Team members' }),
  Emails: (d) => d.getByRole('table', { name: 'Message templates' }),
  Theme: (d) => d.getByRole('button', { name: 'Save', exact: true }),
  Integrate: (d) => d.getByRole('tabpanel', { name: 'Integrate' }),
  Retention: (d) => d.getByLabel('Delete candidate data'),
  Reports: (d) => d.getByLabel('Time zone', { exact: true }),
  Summaries: (d) => d.getByLabel('Write summaries of answers'),
  'Audit log': (d) => d.getByText('Nothing recorded yet.'),
  Billing: (d) => d.getByRole('heading', { name: 'Current plan' }),
  API: (d) => d.getByText('No API keys yet.', { exact: false }),
  Webhooks: (d) => d.getByText('No endpoints yet.', { exact: false }),
  'Sign-in': (d) => d.getByText('No identity provider yet.', { exact: false }),
};

describe('dialogs and styled controls', () => {
  it('company settings keeps one box on every tab, previews the theme as it is edited, and closes on navigation', async () => {
    const owner = await signedInOwner(browser, 'Steady Box');
    const positionId = await newPosition(owner, 'Box keeper');
    const page = await owner.context.newPage();
    await page.setViewportSize({ width: 1280, height: 860 });
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.positions.to(owner.companyId)));
    await page.getByTestId('company-name').waitFor();
    // Into the position by the router (an entry in the history the back button returns through).
    await page.evaluate((to) => (window.location.hash = `#${to}`), paths.position.to(owner.companyId, positionId));
    await page.getByRole('tab', { name: /^Invited/ }).waitFor();

    await page.getByRole('button', { name: 'Company settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Company settings' });
    await dialog.getByRole('tab', { name: 'Integrate' }).waitFor();
    const tabs = await dialog.getByRole('tab').allInnerTexts();
    expect(tabs).toEqual(['Team', 'Emails', 'Theme', 'Integrate', 'Retention', 'Reports', 'Summaries', 'Audit log', 'Billing', 'API', 'Webhooks', 'Sign-in']);
    const boxes: Record<string, { width: number; height: number } | null> = {};
    for (const tab of tabs) {
      await dialog.getByRole('tab', { name: tab }).click();
      await tabContent[tab]!(dialog).waitFor();
      const box = await settledBox(dialog);
      boxes[tab] = box && { width: Math.round(box.width), height: Math.round(box.height) };
      await expectAccessible(page, `company settings: ${tab}`);
    }
    expect(boxes.Team).toEqual({ width: 960, height: 780 });
    for (const tab of tabs) expect(boxes[tab], tab).toEqual(boxes.Team);

    // The Theme tab: no native colour or file input drawn; one label a colour; the preview follows the edits.
    await dialog.getByRole('tab', { name: 'Theme' }).click();
    expect(await expectNoNativeInputsShown(dialog)).toBe(3);
    const preview = dialog.getByRole('region', { name: 'Preview' });
    await preview.getByRole('figure', { name: 'Candidate’s welcome screen' }).waitFor();
    await preview
      .getByRole('figure', { name: 'Invitation e-mail' })
      .getByText('Steady Box invites you to a video interview for Product Designer')
      .waitFor();
    await dialog.getByText(/^Use the theme/).click();
    await dialog.getByLabel('Primary color', { exact: true }).fill('#ffeb3b');
    const start = preview.getByText('Start the interview', { exact: true });
    await expect
      .poll(() => start.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]))
      .toEqual(['rgb(255, 235, 59)', 'rgb(0, 0, 0)']);
    expect(await dialog.getByLabel('Pick primary color').inputValue()).toBe('#ffeb3b');
    await dialog.getByLabel('Secondary color', { exact: true }).fill('#112233');
    await expectAccessible(page, 'company settings: theme, edited with its preview');
    expect(Math.round((await settledBox(dialog))!.height)).toBe(boxes.Team?.height);

    // Back in the browser: the dialog belongs to the page it was opened on, so it closes.
    await page.goBack();
    await page.waitForURL(/\/positions$/);
    await dialog.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await owner.context.close();
  });

  it('on a phone the settings tabs scroll sideways, with an arrow to the last one', async () => {
    const owner = await signedInOwner(browser, 'Pocket Co');
    const page = await owner.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.positions.to(owner.companyId)));
    await page.getByTestId('company-name').waitFor();
    await page.getByRole('button', { name: 'Company settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Company settings' });
    await dialog.getByRole('table', { name: 'Team members' }).waitFor();
    const box = await settledBox(dialog);
    expect(Math.round(box!.width)).toBe(390);

    const list = dialog.getByRole('tablist');
    expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const last = dialog.getByRole('tab', { name: 'Sign-in' });
    const inView = async () => {
      const [tab, frame] = await Promise.all([last.boundingBox(), list.boundingBox()]);
      return tab!.x + tab!.width <= frame!.x + frame!.width + 1;
    };
    expect(await inView()).toBe(false);
    const more = dialog.getByRole('button', { name: 'Scroll tabs right' });
    expect(await more.isVisible()).toBe(true);
    await expectAccessible(page, 'company settings on a phone');
    // Each press scrolls most of a view further; the last tab is reached within a few.
    for (let press = 0; press < 4 && !(await inView()); press++) {
      await more.click();
      await page.waitForTimeout(400); // the smooth scroll
    }
    expect(await inView()).toBe(true);
    await dialog.getByRole('button', { name: 'Scroll tabs left' }).waitFor();
    await last.click();
    await dialog.getByText('No identity provider yet.', { exact: false }).waitFor();
    expect(await last.getAttribute('aria-selected')).toBe('true');
    expect(Math.round((await settledBox(dialog))!.height)).toBe(Math.round(box!.height));
    await expectAccessible(page, 'company settings on a phone: the last tab');
    expect(errors).toEqual([]);
    await owner.context.close();
  });

  it('bulk invite: a drop zone and a template, or a pasted list previewed row by row before sending', async () => {
    const owner = await signedInOwner(browser, 'Paste Works');
    await allocateCredits(owner.companyId, 5);
    const positionId = await newPosition(owner, 'Line cook');
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.position.to(owner.companyId, positionId)));
    await page.getByRole('button', { name: 'More ways to invite' }).click();
    await page.getByRole('menuitem', { name: 'Invite candidates in bulk' }).click();
    const bulk = page.getByRole('dialog', { name: 'Invite candidates in bulk' });
    await bulk.getByText('Drag a file here, or').waitFor();
    expect(await expectNoNativeInputsShown(bulk)).toBe(1);
    await expectAccessible(page, 'bulk invite: the drop zone');

    const [download] = await Promise.all([page.waitForEvent('download'), bulk.getByRole('button', { name: 'Download template' }).click()]);
    expect(download.suggestedFilename()).toBe('candidates-template.csv');
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(
      Buffer.concat(chunks)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    ).toBe('Name,Email\r\n');

    await bulk
      .getByRole('radio', { name: 'Paste a list' })
      .or(bulk.getByRole('button', { name: 'Paste a list' }))
      .click();
    await bulk
      .getByLabel('Paste a list')
      .fill(['Ada Lovelace, ada@example.com', 'Grace Hopper <grace@example.com>', 'Alan Turing\tturing@example', 'Dorothy Vaughan'].join('\n'));
    await bulk.getByText('3 candidates ready to invite.').waitFor();
    expect(await bulk.getByRole('row').allInnerTexts()).toEqual([
      'Name\tEmail\tProblem',
      'Ada Lovelace\tada@example.com\t',
      'Grace Hopper\tgrace@example.com\t',
      'Alan Turing\tturing@example\tLine 3: Not a valid e-mail address.',
      'Dorothy Vaughan\tNot available\t',
    ]);
    await expectAccessible(page, 'bulk invite: a pasted list previewed');
    await bulk.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('3 candidates invited.').waitFor();
    await page.getByRole('tab', { name: 'Invited (3)' }).waitFor();
    expect(errors).toEqual([]);
    await owner.context.close();
  });

  it("the question video dialog's upload is a drop zone, with the native input kept but not drawn", async () => {
    const owner = await signedInOwner(browser, 'Clip Makers');
    const positionId = await newPosition(owner, 'Editor');
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.position.to(owner.companyId, positionId, { view: 'questions' })));
    await page
      .getByRole('region', { name: 'Question 1' })
      .getByRole('button', { name: /^(Add video|Record or upload a video)$/ })
      .click();
    const video = page.getByRole('dialog', { name: 'Record or upload a video' });
    await video
      .getByRole('radio', { name: 'Upload a file' })
      .or(video.getByRole('button', { name: 'Upload a file' }))
      .click();
    await video.getByText('Drag a file here, or').waitFor();
    expect(await expectNoNativeInputsShown(video)).toBe(1);
    await video.getByLabel('Video file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a video') });
    await video.getByText('Must upload a video file', { exact: true }).waitFor();
    await video.getByText('notes.txt').waitFor();
    await expectAccessible(page, 'video dialog: the drop zone with an error');
    await video.getByRole('button', { name: 'Close' }).click();
    await video.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await owner.context.close();
  });
});
