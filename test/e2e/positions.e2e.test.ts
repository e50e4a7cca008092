import { describe, expect, it } from 'vitest';
import { trackErrors, appUrl, useBrowser } from './support/browser';
import { href, paths } from '../../lambdas/contracts/app-paths';
import type { OperationId } from '../../lambdas/operations/index';
import { call, type CallOptions } from '../support/api';
import { makeClip } from '../support/media';
import { expectAccessible } from './support/accessibility';
import { signedInOwner } from './support/session';
import { interviewFixture } from '../support/interviews';

const browser = useBrowser();

const apiGet = async <Op extends OperationId>(operationId: Op, options: CallOptions<Op>) => (await call(operationId, options)).body;

describe('positions', () => {
  it('creates a position through the wizard (restoring the draft after a reload), edits, limits access, closes, re-opens and deletes it', async () => {
    const owner = await signedInOwner(browser, 'Wizardry');
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.positions.to(owner.companyId)));
    await page.getByRole('button', { name: 'Create a position' }).waitFor();
    await expectAccessible(page, 'positions list, no positions yet');
    await page.getByRole('button', { name: 'Create a position' }).click();
    await page.getByRole('heading', { name: 'Create a position' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    await expectAccessible(page, 'wizard: step 1');

    // Step 1: a name is needed to go on.
    const step1 = page.getByRole('region', { name: 'Enter a position name' });
    expect(await step1.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByLabel('Position name', { exact: true }).fill('QA Lead');
    await step1.getByRole('button', { name: 'Next' }).click();

    // Step 2: at least one question, each with a title (or a video). One is recorded with the fake camera.
    const step2 = page.getByRole('region', { name: 'Record your questions' });
    expect(await step2.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'wizard: step 2');
    await step2.getByRole('button', { name: 'Add a video question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record or upload a video' });
    const startRecording = dialog.getByRole('button', { name: 'Start recording' });
    await startRecording.and(page.locator(':not([disabled])')).waitFor();
    await expectAccessible(page, 'video dialog: camera');
    await startRecording.click();
    await dialog.getByText('3', { exact: true }).waitFor(); // the countdown
    const stopRecording = dialog.getByRole('button', { name: 'Stop recording' });
    await stopRecording.waitFor({ timeout: 10_000 });
    await page.waitForTimeout(2500);
    await stopRecording.click();
    await dialog.getByLabel('Your video').waitFor();
    await expectAccessible(page, 'video dialog: recorded');
    await dialog.getByRole('button', { name: 'Save video' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    const videoQuestion = step2.getByRole('region', { name: 'Question 1' });
    await videoQuestion.getByText('Processing...').waitFor();
    expect(await step2.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true); // while the video processes
    await expectAccessible(page, 'wizard: step 2, a video processing');
    await step2.getByRole('button', { name: 'Add a typed question' }).click();
    await step2
      .getByRole('region', { name: 'Question 2' })
      .getByLabel('Question', { exact: true })
      .fill('Tell us about a bug you are proud of finding.');
    // Edits reach the draft after a 250 ms debounce: wait for the second question to be in it.
    const storedDraft = () => page.evaluate((id) => JSON.parse(localStorage.getItem(`position_draft_${id}`) ?? 'null'), owner.companyId);
    await expect.poll(async () => (await storedDraft())?.interview.questions[1]?.title).toBe('Tell us about a bug you are proud of finding.');
    const draft = await storedDraft();
    expect(draft.jobTitle).toBe('QA Lead');
    expect(draft.interview.questions).toHaveLength(2);
    const videoGroupId: string = draft.interview.questions[0].videoGroupId;
    expect(videoGroupId).toBeTruthy();
    expect(draft.interview.questions[0].thumbnailImageGroupId).toBeTruthy();

    // A reload offers the draft back.
    await page.reload();
    await page.getByRole('button', { name: 'Yes, restore draft' }).waitFor();
    await expectAccessible(page, 'wizard: the draft dialog');
    await page.getByRole('button', { name: 'Yes, restore draft' }).click();
    expect(await page.getByLabel('Position name', { exact: true }).inputValue()).toBe('QA Lead');
    await step1.getByRole('button', { name: 'Next' }).click();
    expect(await step2.getByRole('region', { name: 'Question 2' }).getByLabel('Question', { exact: true }).inputValue()).toBe(
      'Tell us about a bug you are proud of finding.',
    );
    // The local pipeline (ffmpeg) makes the recording ready; then the video plays and Next is enabled.
    await videoQuestion.locator('video[aria-label="Video of question 1"]').waitFor({ timeout: 180_000 });
    const ready = (await apiGet('getMediaUploadGroups', { params: { mediaGroupIds: videoGroupId }, session: owner.sessionId }))
      .media_upload_groups[0];
    expect(ready).toMatchObject({ upload_status: 'ready', variants: [{ content_type: 'video/mp4' }] });
    const thumbnail = (
      await apiGet('getMediaUploadGroups', {
        params: { mediaGroupIds: draft.interview.questions[0].thumbnailImageGroupId },
        session: owner.sessionId,
      })
    ).media_upload_groups[0];
    expect(thumbnail).toMatchObject({ upload_status: 'ready', content_type: 'image/png' });
    await step2.getByRole('button', { name: 'Next' }).click();

    // Step 3: pacing defaults of the spec, then one change.
    const step3 = page.getByRole('region', { name: 'Adjust the pacing' });
    expect(await step3.getByLabel('Thinking time').inputValue()).toBe('30');
    expect(await step3.getByLabel('Max answer length').inputValue()).toBe('120');
    expect(await step3.getByLabel('Retakes').inputValue()).toBe('0');
    await expectAccessible(page, 'wizard: step 3');
    await step3.getByLabel('Retakes').selectOption({ label: 'Unlimited' });
    // The scripts the page loads from here on: the confetti comes in its own chunk, loaded when it is drawn.
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await step3.getByRole('button', { name: 'Finish' }).click();

    await page.waitForURL(/#\/companies\/[^/]+\/positions\/[^/?]+\?celebrate=true$/);
    const positionId = /positions\/([^/?]+)\?/.exec(page.url())![1]!;
    await page.locator('canvas').first().waitFor({ state: 'attached' }); // confetti
    expect(requested.filter((path) => /confetti/i.test(path))).not.toEqual([]);
    expect(await page.evaluate((id) => localStorage.getItem(`celebrated_${id}`), positionId)).toBe('1');
    expect(await page.evaluate((id) => localStorage.getItem(`position_draft_${id}`), owner.companyId)).toBeNull();
    const created = await apiGet('getPosition', { params: { positionId }, session: owner.sessionId });
    expect(created.interview.pacing).toEqual({ thinking_time: 30, answer_time: 120, retakes: null });
    expect(created.interview.questions).toMatchObject([
      { title: '', video_group_id: videoGroupId, thumbnail_image_group_id: draft.interview.questions[0].thumbnailImageGroupId },
      { title: 'Tell us about a bug you are proud of finding.', video_group_id: null },
    ]);

    // Confetti only once per position: after a reload (still ?celebrate=true), once the position has
    // rendered and its candidates loaded after it (the confetti decision is taken on the first), no
    // confetti was loaded nor drawn.
    requested.length = 0;
    await page.reload();
    expect(page.url()).toMatch(/\?celebrate=true$/);
    await page.getByRole('heading', { name: 'QA Lead' }).waitFor();
    await page.getByText('Sent an interview to complete').waitFor();
    expect(requested.some((path) => path.startsWith('/assets/'))).toBe(true);
    expect(requested.filter((path) => /confetti/i.test(path))).toEqual([]);
    expect(await page.locator('canvas').count()).toBe(0);
    await expectAccessible(page, 'position: candidates, none yet');

    // Questions view: edit, reorder, save.
    await page.getByRole('button', { name: 'Questions', exact: true }).click();
    const save = page.getByRole('button', { name: 'Save changes' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Video of question 1', { exact: true }).waitFor(); // the recorded question plays here too
    await expectAccessible(page, 'position: questions');
    await page.getByRole('region', { name: 'Question 2' }).getByLabel('Question', { exact: true }).fill('How would you test a sign-in form?');
    await page.getByRole('button', { name: 'Move question 2 up' }).click();
    expect(await page.getByRole('button', { name: 'Move question 1 up' }).isDisabled()).toBe(true);
    await save.click();
    await expect
      .poll(
        async () =>
          (await apiGet('getPosition', { params: { positionId }, session: owner.sessionId })).interview.questions.map(
            (q: { title: string; video_group_id: string | null }) => [q.title, q.video_group_id],
          ),
        { timeout: 15_000 }, // the save's first call may meet a cold function
      )
      .toEqual([
        ['How would you test a sign-in form?', null],
        ['', videoGroupId],
      ]);

    // Settings: limit access to the owner, save, land on the candidates view.
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByText('Only selected members', { exact: true }).click();
    expect(await page.getByLabel('Only selected members').isChecked()).toBe(true);
    await page.getByRole('group', { name: 'Members with access' }).getByLabel(owner.email).waitFor();
    await page.getByText('1 member has access, and owners always do. You keep access.').waitFor();
    await expectAccessible(page, 'position: settings, access limited');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/view=candidates/);
    expect((await apiGet('getPosition', { params: { positionId }, session: owner.sessionId })).sharing?.user_ids).toHaveLength(1);

    // Close, re-open, close and delete, each confirmed in its dialog.
    const confirm = async (title: string, action: string) => {
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.getByRole('button', { name: action, exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
    };
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'Close', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0); // offered only when closed
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await confirm('Close this position?', 'Close position');
    await page.getByRole('button', { name: 'Re-open', exact: true }).and(page.locator(':not([disabled])')).waitFor();
    await page.getByRole('button', { name: 'Re-open', exact: true }).click();
    await confirm('Re-open this position?', 'Re-open position');
    await page.getByRole('button', { name: 'Close', exact: true }).and(page.locator(':not([disabled])')).waitFor();
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await confirm('Close this position?', 'Close position');
    await page.getByRole('button', { name: 'Delete', exact: true }).and(page.locator(':not([disabled])')).waitFor();
    await expectAccessible(page, 'position: settings, closed');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete this position?' }).getByRole('button', { name: 'Delete position', exact: true }).click();
    await page.waitForURL(/#\/companies\/[^/]+\/positions$/);
    expect((await call('getPosition', { params: { positionId }, session: owner.sessionId })).status).toBe(404);
    expect(errors).toEqual([]);
    await owner.context.close();
  }, 300_000);

  it("wizard's Cancel discards the draft and goes back; opened from an address, it goes to the positions list", async () => {
    const owner = await signedInOwner(browser, 'Cancel Co');
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    const storedDraft = () => page.evaluate((id) => localStorage.getItem(`position_draft_${id}`), owner.companyId);
    const atHash = (to: string) => (url: URL) => url.hash === href(to);

    // From the Closed tab of the positions list: Cancel comes back to that tab, not to the list's default one.
    const closedTab = paths.positions.to(owner.companyId, { tab: 'closed' });
    await page.goto(appUrl(closedTab));
    await page.getByRole('tab', { name: 'Closed', selected: true }).waitFor();
    await page.getByRole('button', { name: 'Add position' }).click();
    await page.getByRole('heading', { name: 'Create a position' }).waitFor();
    await page.getByLabel('Position name', { exact: true }).fill('Night auditor');
    await expect.poll(async () => JSON.parse((await storedDraft()) ?? 'null')?.jobTitle).toBe('Night auditor');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(atHash(closedTab));
    await page.getByRole('tab', { name: 'Closed', selected: true }).waitFor();
    expect(await storedDraft()).toBeNull();
    await expectAccessible(page, 'positions list, back from the wizard');

    // Opened straight from its address (a new tab): nothing of the app's before it, so the positions list.
    const direct = await owner.context.newPage();
    await direct.goto(appUrl(paths.newPositionWizard.to(owner.companyId, { title: 'Create a position', cancellable: true })));
    await direct.getByLabel('Position name', { exact: true }).fill('Day auditor');
    await expect.poll(() => direct.evaluate((id) => localStorage.getItem(`position_draft_${id}`), owner.companyId)).not.toBeNull();
    await direct.getByRole('button', { name: 'Cancel' }).click();
    await direct.waitForURL(atHash(paths.positions.to(owner.companyId)));
    await direct.getByRole('button', { name: 'Add position' }).waitFor();
    expect(await direct.evaluate((id) => localStorage.getItem(`position_draft_${id}`), owner.companyId)).toBeNull();
    expect(errors).toEqual([]);
    await owner.context.close();
  }, 120_000);

  it('switches the public apply link on and off in settings at once, without "Save changes"; off stops admitting applicants', async () => {
    const owner = await signedInOwner(browser, 'Link Switch Co');
    const created = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Sommelier', interview: interviewFixture({ questions: ['Red or white?'] }) },
    });
    const positionId = created.body.position_id as string;
    const applyLinkOf = async () => (await apiGet('getPosition', { params: { positionId }, session: owner.sessionId })).apply_link;
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.position.to(owner.companyId, positionId, { view: 'settings' })));
    const linkSwitch = page.getByRole('switch', { name: 'Candidates can apply through a public link' });
    await linkSwitch.waitFor();
    const save = page.getByRole('button', { name: 'Save changes' });
    // An unsaved edit elsewhere in the settings stays through the switch.
    await page.getByRole('textbox', { name: 'Position name' }).fill('Head sommelier');

    await page.getByText('Candidates can apply through a public link').click();
    const shown = page.getByTestId('apply-link');
    await shown.waitFor();
    const linkHref = await shown.innerText();
    await expect.poll(applyLinkOf).toEqual({ link_href: linkHref });
    const linkId = linkHref.split('/').pop()!;
    expect((await call('getApplyLink', { params: { linkId } })).status).toBe(200);
    await expectAccessible(page, 'position settings: public link on');

    await linkSwitch.and(page.locator(':not([disabled])')).waitFor();
    await page.getByText('Candidates can apply through a public link').click();
    await shown.waitFor({ state: 'hidden' });
    // Off at once: no save was made, and the link admits nobody.
    await expect.poll(applyLinkOf).toBeNull();
    expect((await call('getApplyLink', { params: { linkId } })).status).toBe(404);
    const applied = await call('applyThroughLink', { params: { linkId }, body: { candidate_name: 'Too Late', email: 'too-late@example.com' } });
    expect(applied.status).toBe(404);
    expect(await linkSwitch.isChecked()).toBe(false);
    expect(await page.getByRole('textbox', { name: 'Position name' }).inputValue()).toBe('Head sommelier');
    expect((await apiGet('getPosition', { params: { positionId }, session: owner.sessionId })).job_title).toBe('Sommelier');
    await expectAccessible(page, 'position settings: public link off');

    // The pending rename still saves, and leaves the link off.
    await save.click();
    await page.waitForURL(/view=candidates/);
    const saved = await apiGet('getPosition', { params: { positionId }, session: owner.sessionId });
    expect(saved.job_title).toBe('Head sommelier');
    expect(saved.apply_link).toBeNull();
    expect(errors).toEqual([]);
    await owner.context.close();
  }, 120_000);

  it('adds questions and an outro from the content library of other positions', async () => {
    const owner = await signedInOwner(browser, 'Library Co');
    const create = async (jobTitle: string, questions: string[], outroTitle: string) => {
      const response = await call('createPosition', {
        params: { companyId: owner.companyId },
        session: owner.sessionId,
        body: {
          job_title: jobTitle,
          interview: interviewFixture({ questions, outro: { title: outroTitle } }),
        },
      });
      expect(response.status).toBe(201);
      return (response.body as { position_id: string }).position_id;
    };
    await create('Designer', ['Show us your portfolio'], 'Thanks, designer');
    await create('Writer', ['What do you read?'], 'Thanks, writer');
    const positionId = await create('Editor', ['Why editing?'], '');

    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.position.to(owner.companyId, positionId, { view: 'questions' })));
    await page.getByRole('button', { name: 'Add from content library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Content library' });
    await dialog.getByRole('group', { name: 'Designer' }).waitFor();
    await expectAccessible(page, 'content library');
    expect(await dialog.getByRole('group', { name: 'Editor' }).count()).toBe(0); // the current position is left out
    const add = dialog.getByRole('button', { name: 'Add content' });
    expect(await add.isDisabled()).toBe(true);
    await dialog.getByText('Show us your portfolio', { exact: true }).click();
    await dialog.getByText('Outro: Thanks, writer', { exact: true }).click();
    expect(await dialog.getByLabel('Outro: Thanks, writer').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Outro: Thanks, designer').isDisabled()).toBe(true); // one outro at most
    await expectAccessible(page, 'content library, two chosen');
    await add.click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('region', { name: 'Question 2' }).getByLabel('Question', { exact: true }).inputValue()).toBe(
      'Show us your portfolio',
    );
    expect(await page.getByLabel('Outro title').inputValue()).toBe('Thanks, writer');

    // The video dialog takes only video files, and no empty ones.
    await page.getByRole('region', { name: 'Question 1' }).getByRole('button', { name: 'Add video', exact: true }).click();
    const video = page.getByRole('dialog', { name: 'Record or upload a video' });
    await video
      .getByRole('radio', { name: 'Upload a file' })
      .or(video.getByRole('button', { name: 'Upload a file' }))
      .click();
    await video.getByLabel('Video file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a video') });
    await video.getByText('Must upload a video file', { exact: true }).waitFor();
    await video.getByLabel('Video file').setInputFiles({ name: 'empty.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(0) });
    await video.getByText('Empty file encountered', { exact: true }).waitFor();
    await expectAccessible(page, 'video dialog: upload, an empty file');
    expect(await video.getByRole('button', { name: 'Save video' }).isDisabled()).toBe(true);
    // A real file: its thumbnail is taken in the browser, both go to S3, and saving waits for processing.
    const clip = await makeClip(2, 'why editing');
    await video.getByLabel('Video file').setInputFiles({ name: 'why-editing.webm', mimeType: 'video/webm', buffer: Buffer.from(clip.bytes) });
    await video.getByLabel('Your video').waitFor();
    await expectAccessible(page, 'video dialog: upload, a file chosen');
    await video.getByRole('button', { name: 'Save video' }).click();
    await video.waitFor({ state: 'hidden', timeout: 30_000 });
    const save = page.getByRole('button', { name: 'Save changes' });
    await page.getByRole('region', { name: 'Question 1' }).getByText('Processing...').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Video of question 1', { exact: true }).waitFor({ timeout: 120_000 });
    await save.click();
    await expect
      .poll(
        async () => {
          const { interview } = await apiGet('getPosition', { params: { positionId }, session: owner.sessionId });
          return [
            interview.questions.map((q: { title: string; video_group_id: string | null }) => [q.title, Boolean(q.video_group_id)]),
            interview.outro?.title,
          ];
        },
        { timeout: 15_000 },
      )
      .toEqual([
        [
          ['Why editing?', true],
          ['Show us your portfolio', false],
        ],
        'Thanks, writer',
      ]);
    expect(errors).toEqual([]);
    await owner.context.close();
  }, 240_000);
});
