import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import { call } from '../support/api';
import { allocateCredits } from '../support/aws';
import { answerQuestion, interviewFixture, tokenFromHref } from '../support/interviews';
import { makeClip } from '../support/media';
import { expectAccessible } from './support/accessibility';
import { appUrl, useBrowser } from './support/browser';
import { failOperation, trackPageErrors } from './support/faults';
import { signedInOwner } from './support/session';

/**
 * Spec §8, the candidates: a position's candidate list and its actions, and a candidate's page
 * (rating, evaluation, sharing) and its public page, each call behind a message failing for good (a
 * 500 with no user message, or a lost connection). The message shows word for word, the screen stays
 * accessible, and what the screen changed at once is rolled back; the toasts hide after 6 seconds.
 */
const browser = useBrowser();

const alertIn = (scope: Locator | Page, text: string) => scope.getByRole('alert').filter({ hasText: text });
/** The snackbar (spec §9): a status region holding an alert. */
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Makes the clipboard refuse every write, as a browser does without the permission. */
const refuseClipboard = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(navigator.clipboard, 'writeText', {
      configurable: true,
      value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
    });
  });

let owner: Awaited<ReturnType<typeof signedInOwner>>;
let positionId: string;
let respondedId: string;

beforeAll(async () => {
  owner = await signedInOwner(browser, 'Failing Candidates');
  await allocateCredits(owner.companyId, 20);
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Barista', interview: interviewFixture({ questions: ['Why coffee?'] }) },
  });
  expect(created.status).toBe(201);
  positionId = created.body.position_id as string;
  const invite = (candidate_name: string, email: string | null) =>
    call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name, email } });
  expect((await invite('Ada Invited', 'ada.invited@example.com')).status).toBe(201);
  const responded = await invite('Rita Responded', null);
  expect(responded.status).toBe(201);
  respondedId = responded.body.candidate_id as string;
  const { bytes } = await makeClip(2);
  await answerQuestion(tokenFromHref(responded.body.interview_href as string), 0, bytes);
});

describe('candidate failures (spec §8)', () => {
  it("a position's candidates show their fallbacks when listing, inviting, previewing, downloading or a card's action fails; the card comes back and the toast goes after 6 s", async () => {
    const page = await owner.context.newPage();
    const pageErrors = trackPageErrors(page);

    // 8.9: the candidates cannot be retrieved.
    const list = await failOperation(page, 'listCandidates');
    await page.goto(appUrl(paths.position.to(owner.companyId, positionId)));
    await alertIn(page, 'Unable to retrieve data at this time. Please contact us.').first().waitFor();
    await expectAccessible(page, 'candidates: the list cannot be retrieved');
    await list.restore();
    await page.reload();
    await page.getByRole('tab', { name: /^Invited/ }).click();
    const ada = page.getByRole('article', { name: 'Ada Invited' });
    await ada.waitFor();

    // 8.24: one invite fails; the form keeps what was typed.
    const invite = await failOperation(page, 'inviteCandidate');
    await page.getByRole('button', { name: 'Invite candidate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite candidate' });
    await dialog.getByLabel('Full name').fill('Nia Never');
    await dialog.getByLabel('Email', { exact: true }).fill('nia.never@example.com');
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await alertIn(dialog, 'Unable to send invite at this time. Please contact us.').waitFor();
    expect(await dialog.getByLabel('Full name').inputValue()).toBe('Nia Never');
    await expectAccessible(page, 'invite dialog: the invite cannot be sent');
    await invite.restore();

    // 8.44 in the dialog's copy button: a link is made, the clipboard refuses it.
    await dialog.getByText('Send email invite').click();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog.getByLabel('Interview link').waitFor();
    await refuseClipboard(page);
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await dialog.getByRole('button', { name: 'Unable to copy to clipboard...' }).waitFor();
    await expectAccessible(page, 'invite dialog: the link cannot be copied');
    // It says so for 2 seconds, then offers to copy again.
    await dialog.getByRole('button', { name: 'Copy link' }).waitFor({ timeout: 5000 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // 8.44 on a card: the snackbar says it.
    await ada.getByRole('button', { name: 'Actions for Ada Invited' }).click();
    await page.getByRole('menuitem', { name: 'Copy interview link' }).click();
    const copyToast = toast(page, 'Unable to copy to clipboard...');
    await copyToast.waitFor();
    await expectAccessible(page, 'candidates: the link cannot be copied');
    await copyToast.getByRole('button').click(); // dismissed

    // 8.23: a bulk invite fails.
    const bulkCall = await failOperation(page, 'inviteCandidatesBatch');
    await page.getByRole('button', { name: 'More ways to invite' }).click();
    await page.getByRole('menuitem', { name: 'Invite candidates in bulk' }).click();
    const bulk = page.getByRole('dialog', { name: 'Invite candidates in bulk' });
    await bulk.getByLabel('CSV file').setInputFiles({
      name: 'candidates.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Name,Email\nKatherine Johnson,katherine.failing@example.com\nMelba Roy,melba.failing@example.com\n'),
    });
    await bulk.getByText('2 candidates from candidates.csv').waitFor();
    await bulk.getByRole('button', { name: 'Send', exact: true }).click();
    await alertIn(bulk, 'Unable to send invites at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'bulk invite dialog: the invites cannot be sent');
    await bulkCall.restore();
    await bulk.getByRole('button', { name: 'Cancel' }).click();
    await bulk.waitFor({ state: 'hidden' });

    // 8.25: the preview cannot be sent; 8.26: the candidates cannot be downloaded (a lost connection).
    const preview = await failOperation(page, 'sendPreviewInvite');
    await page.getByRole('button', { name: 'More ways to invite' }).click();
    await page.getByRole('menuitem', { name: 'Send yourself a preview' }).click();
    await toast(page, 'Unable to send a preview at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'candidates: the preview cannot be sent');
    await preview.restore();
    const download = await failOperation(page, 'exportCandidates', { failure: 'connection-reset' });
    await page.getByRole('button', { name: 'More ways to invite' }).click();
    await page.getByRole('menuitem', { name: 'Download candidates' }).click();
    await toast(page, 'Unable to download candidates at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'candidates: the candidates cannot be downloaded');
    await download.restore();

    // 8.37 and 8.38 with 8.62: the card goes at once and comes back; the toast hides itself after 6 s.
    const reinvite = await failOperation(page, 'reinviteCandidate', { delayMs: 1000 });
    await ada.getByRole('button', { name: 'Actions for Ada Invited' }).click();
    await page.getByRole('menuitem', { name: 'Resend invite' }).click();
    await ada.waitFor({ state: 'detached' });
    await ada.waitFor();
    await toast(page, 'Unable to reinvite Ada Invited. Please contact us.').waitFor();
    await expectAccessible(page, 'candidates: the invitation cannot be resent');
    await reinvite.restore();

    const remove = await failOperation(page, 'deleteCandidate', { delayMs: 1000 });
    await ada.getByRole('button', { name: 'Actions for Ada Invited' }).click();
    await page.getByRole('menuitem', { name: 'Delete invite' }).click();
    await ada.waitFor({ state: 'detached' });
    await ada.waitFor();
    const deleteToast = toast(page, 'Unable to delete Ada Invited. Please contact us.');
    await deleteToast.waitFor();
    const shownAt = Date.now();
    await expectAccessible(page, 'candidates: the candidate cannot be deleted');
    await remove.restore();
    await deleteToast.waitFor({ state: 'detached', timeout: 15_000 });
    // Not dismissed by hand: it stayed up about 6 s (spec §9), measured from when the test saw it.
    expect(Date.now() - shownAt).toBeGreaterThan(4000);
    expect(await page.getByRole('tab', { name: 'Invited (2)' }).count()).toBe(1);

    // 8.36 with 8.62: moving a responded candidate fails; the card comes back to its tab.
    await page.getByRole('tab', { name: /^Responded/ }).click();
    const rita = page.getByRole('article', { name: 'Rita Responded' });
    await rita.waitFor();
    const move = await failOperation(page, 'setCandidateStatus', { delayMs: 1000 });
    await rita.getByRole('button', { name: 'Actions for Rita Responded' }).click();
    await page.getByRole('menuitem', { name: 'Shortlist' }).click();
    await rita.waitFor({ state: 'detached' });
    await rita.waitFor();
    await toast(page, 'Unable to move Rita Responded. Please contact us.').waitFor();
    await expectAccessible(page, 'candidates: the candidate cannot be moved');
    await move.restore();
    expect((await call('getCandidate', { params: { candidateId: respondedId }, session: owner.sessionId })).body.current_status).toBe('responded');

    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it("a candidate's page and its public page show their fallbacks; a failed rating or evaluation is reverted", async () => {
    const page = await owner.context.newPage();
    const pageErrors = trackPageErrors(page);
    const candidatePage = appUrl(paths.candidate.to(owner.companyId, positionId, respondedId));

    // 8.9: the candidate cannot be retrieved.
    const one = await failOperation(page, 'getCandidate', { params: { candidateId: respondedId } });
    await page.goto(candidatePage);
    await alertIn(page, 'Unable to retrieve data at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'candidate: it cannot be retrieved');
    await one.restore();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Rita Responded' }).waitFor();

    // 8.35: the rating cannot be saved; it is reverted.
    const good = page.getByRole('button', { name: '4 of 5: Good' });
    await good.waitFor();
    const rating = await failOperation(page, 'rateAnswer', { delayMs: 1000 });
    await good.click();
    await expect.poll(() => good.getAttribute('aria-pressed')).toBe('true');
    await toast(page, 'Unable to save rating. Please contact us.').waitFor();
    expect(await good.getAttribute('aria-pressed')).toBe('false');
    await expectAccessible(page, 'candidate: the rating cannot be saved');
    await rating.restore();

    // 8.39: the evaluation cannot be saved; the status is reverted.
    const status = await failOperation(page, 'setCandidateStatus', { delayMs: 1000 });
    await page.getByRole('button', { name: 'Shortlist' }).click();
    await page.getByRole('button', { name: 'Undo' }).waitFor();
    await toast(page, 'Unable to update Rita Responded. Please contact us.').waitFor();
    await page.getByRole('button', { name: 'Shortlist' }).waitFor();
    expect(await page.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    await expectAccessible(page, 'candidate: the status cannot be updated');
    await status.restore();

    // 8.33: the sharing details cannot be retrieved (a 500, not the 404 that means off).
    const details = await failOperation(page, 'getMySharingDetails');
    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share Rita Responded' });
    await alertIn(share, 'Unable to retrieve sharing details at this time. Please contact us.').waitFor();
    await expectAccessible(page, 'share dialog: the details cannot be retrieved');
    await details.restore();
    await share.getByRole('button', { name: 'Close' }).first().click();
    await share.waitFor({ state: 'hidden' });

    // 8.34: sharing cannot be switched on; the switch stays off.
    const create = await failOperation(page, 'createSharingDetails');
    await page.getByRole('button', { name: 'Share' }).click();
    const shareSwitch = share.getByRole('switch', { name: 'Share with a public link' });
    await shareSwitch.waitFor();
    await share.getByText('Share with a public link').click();
    await alertIn(share, 'Unable to update sharing details at this time. Please contact us.').waitFor();
    expect(await shareSwitch.isChecked()).toBe(false);
    expect(await share.getByLabel('Public link', { exact: true }).count()).toBe(0);
    await expectAccessible(page, 'share dialog: sharing cannot be switched on');
    await create.restore();

    // 8.9 on the public page: a shared candidate cannot be retrieved (a lost connection).
    const stranger = await browser.newContext();
    const visitor = await stranger.newPage();
    const visitorErrors = trackPageErrors(visitor);
    const publicRead = await failOperation(visitor, 'getPublicCandidate', { failure: 'connection-reset' });
    await visitor.goto(appUrl(paths.publicCandidate.to('a-shared-candidate-link')));
    await alertIn(visitor, 'Unable to retrieve data at this time. Please contact us.').waitFor();
    await expectAccessible(visitor, 'public candidate: it cannot be retrieved');
    expect(publicRead.count()).toBeGreaterThan(0);

    expect([...pageErrors, ...visitorErrors]).toEqual([]);
    await stranger.close();
    await page.close();
  });
});
