import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import { call } from '../support/api';
import { interviewFixture } from '../support/interviews';
import { expectAccessible } from './support/accessibility';
import { appUrl, useBrowser } from './support/browser';
import { failOperation, trackPageErrors } from './support/faults';
import { signedInOwner } from './support/session';

/**
 * Spec §8, the positions: the list, a position's page, the wizard and a position's Questions and
 * Settings views, each call behind a message failing for good (a 500 with no user message, or a lost
 * connection). The message shows word for word, the screen stays accessible, and nothing changed.
 */
const browser = useBrowser();

const alertIn = (scope: Locator | Page, text: string) => scope.getByRole('alert').filter({ hasText: text });

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

const createPosition = async (owner: Owner, jobTitle: string, interview = interviewFixture({ questions: ['Why coffee?'] })) => {
  const created = await call('createPosition', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { job_title: jobTitle, interview } });
  expect(created.status).toBe(201);
  return created.body.position_id as string;
};

describe('position failures (spec §8)', () => {
  it('the positions list, a position page and the wizard show their fallbacks; Finish works once the call does', async () => {
    const owner = await signedInOwner(browser, 'Failing Positions');
    const positionId = await createPosition(owner, 'Barista');
    const page = await owner.context.newPage();
    const pageErrors = trackPageErrors(page);

    // 8.32 on the list.
    const list = await failOperation(page, 'listPositions');
    await page.goto(appUrl(paths.positions.to(owner.companyId)));
    await alertIn(page, 'Unable to retrieve positions at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'positions: the list cannot be retrieved');
    await list.restore();
    await page.reload();
    await page.getByText('Barista').first().waitFor();

    // 8.32 on a position's page (a lost connection).
    const one = await failOperation(page, 'getPosition', { failure: 'connection-reset', params: { positionId } });
    await page.goto(appUrl(paths.position.to(owner.companyId, positionId)));
    await page.reload();
    await alertIn(page, 'Unable to retrieve positions at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'position: it cannot be retrieved');
    await one.restore();

    // The wizard: 8.21 in the content library, 8.22 at Finish.
    await page.goto(appUrl(paths.newPositionWizard.to(owner.companyId)));
    await page.reload();
    await page.getByRole('textbox', { name: 'Position name', exact: true }).fill('Roaster');
    await page.getByRole('region', { name: 'Enter a position name' }).getByRole('button', { name: 'Next' }).click();
    const step2 = page.getByRole('region', { name: 'Record your questions' });
    const library = await failOperation(page, 'getContentLibrary');
    await step2.getByRole('button', { name: 'Add from content library' }).click();
    const libraryDialog = page.getByRole('dialog', { name: 'Content library' });
    await alertIn(libraryDialog, 'Unable to retrieve content at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'content library: it cannot be retrieved');
    await library.restore();
    await libraryDialog.getByRole('button', { name: 'Close' }).first().click();
    await libraryDialog.waitFor({ state: 'hidden' });
    await step2.getByRole('button', { name: 'Add a typed question' }).click();
    await step2.getByRole('region', { name: 'Question 1' }).getByLabel('Question', { exact: true }).fill('What makes a good roast?');
    await step2.getByRole('button', { name: 'Next' }).click();
    const step3 = page.getByRole('region', { name: 'Adjust the pacing' });
    const create = await failOperation(page, 'createPosition');
    await step3.getByRole('button', { name: 'Finish' }).click();
    await alertIn(step3, 'Unable to save position at this time. Please contact us.').waitFor();
    expect(create.count()).toBe(1);
    await expectAccessible(page, 'wizard: the position cannot be saved');
    // The way on: Finish again, once the call goes through.
    await create.restore();
    await step3.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL(/celebrate=true/);
    await page.getByRole('heading', { level: 1, name: 'Roaster' }).waitFor();

    expect(pageErrors).toEqual([]);
    await owner.context.close();
  });

  it("a position's Questions and Settings show their fallbacks when reading, saving, the public link, closing, re-opening or deleting fails", async () => {
    const owner = await signedInOwner(browser, 'Failing Settings Views');
    const open = await createPosition(owner, 'Open Barista');
    const closed = await createPosition(owner, 'Closed Roaster');
    expect((await call('setPositionStatus', { params: { positionId: closed, status: 'close' }, session: owner.sessionId })).status).toBeLessThan(300);
    // An intro video whose status the editor reads (the read fails, so the video need not exist).
    const withVideo = await createPosition(
      owner,
      'Video Host',
      interviewFixture({ questions: ['Why us?'], intro: { video_group_id: 'failing-intro-video-group', thumbnail_image_group_id: null } }),
    );
    const page = await owner.context.newPage();
    const pageErrors = trackPageErrors(page);

    // 8.16 and 8.12 in the settings view: the templates and the integrations cannot be retrieved.
    const templates = await failOperation(page, 'listMessageTemplates');
    const integrations = await failOperation(page, 'listIntegrations', { failure: 'connection-reset' });
    await page.goto(appUrl(paths.position.to(owner.companyId, open, { view: 'settings' })));
    await alertIn(page, 'Unable to retrieve message templates at this time. Please contact us.').waitFor();
    await alertIn(page, 'Unable to retrieve integrations at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'position settings: templates and integrations cannot be retrieved');
    await templates.restore();
    await integrations.restore();
    await page.reload();
    await page.getByRole('textbox', { name: 'Position name', exact: true }).waitFor();

    // 8.27: saving fails; the edit stays.
    const save = await failOperation(page, 'updatePosition');
    await page.getByRole('textbox', { name: 'Position name', exact: true }).fill('Head Barista');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await alertIn(page, 'Unable to save at this time. Please contact us.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Position name', exact: true }).inputValue()).toBe('Head Barista');
    await expectAccessible(page, 'position settings: saving fails');
    await save.restore();

    // 8.31: the public link cannot be created; the switch stays off.
    const link = await failOperation(page, 'createApplyLink');
    const linkSwitch = page.getByRole('switch', { name: 'Candidates can apply through a public link' });
    await page.getByText('Candidates can apply through a public link').click();
    await alertIn(page, 'Unable to create public link at this time. Please contact us.').waitFor();
    expect(await linkSwitch.isChecked()).toBe(false);
    await expectAccessible(page, 'position settings: the public link cannot be created');
    await link.restore();

    // 8.28: closing fails; the position stays open.
    const status = await failOperation(page, 'setPositionStatus');
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('dialog', { name: 'Close this position?' }).getByRole('button', { name: 'Close position' }).click();
    await alertIn(page, 'Unable to close at this time. Please contact us.').waitFor();
    expect(await page.getByRole('button', { name: 'Close', exact: true }).count()).toBe(1);
    await expectAccessible(page, 'position settings: closing fails');

    // 8.29 and 8.30 on the closed position: re-opening and deleting fail.
    await page.goto(appUrl(paths.position.to(owner.companyId, closed, { view: 'settings' })));
    await page.getByRole('button', { name: 'Re-open' }).click();
    await page.getByRole('dialog', { name: 'Re-open this position?' }).getByRole('button', { name: 'Re-open position' }).click();
    await alertIn(page, 'Unable to re-open at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'position settings: re-opening fails');
    await status.restore();
    const remove = await failOperation(page, 'deletePosition');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete this position?' }).getByRole('button', { name: 'Delete position' }).click();
    await alertIn(page, 'Unable to delete at this time. Please contact us.').waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Closed Roaster' }).count()).toBe(1);
    await expectAccessible(page, 'position settings: deleting fails');
    await remove.restore();

    // 8.27 in the Questions view.
    await page.goto(appUrl(paths.position.to(owner.companyId, open, { view: 'questions' })));
    const saveQuestions = await failOperation(page, 'updatePosition');
    await page.getByRole('region', { name: 'Question 1' }).getByLabel('Question', { exact: true }).fill('Why coffee, really?');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await alertIn(page, 'Unable to save at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'position questions: saving fails');
    await saveQuestions.restore();

    // 8.9 in the Questions view: the videos' status cannot be retrieved.
    const media = await failOperation(page, 'getMediaUploadGroups');
    await page.goto(appUrl(paths.position.to(owner.companyId, withVideo, { view: 'questions' })));
    await alertIn(page, 'Unable to retrieve data at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'position questions: the videos cannot be retrieved');
    await media.restore();

    expect(pageErrors).toEqual([]);
    await owner.context.close();
  });
});
