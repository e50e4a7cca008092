import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import { mailArriving, uniqueEmail } from '../support/accounts';
import { call } from '../support/api';
import { allocateCredits } from '../support/aws';
import { answerQuestion, interviewFixture, processedAnswers, tokenFromHref } from '../support/interviews';
import { makeClip } from '../support/media';
import { expectAccessible } from './support/accessibility';
import { appUrl, trackErrors, useBrowser } from './support/browser';
import { signedInOwner } from './support/session';

/**
 * Issue 43, item 4: the data-deletion pages name the company (a candidate who applied to several can
 * tell which one they ask), the receipt's list reads with its text, the share dialog reopened shows
 * the link's own expiry, and a position page left open while a candidate is deleted (here at their
 * own request) brings its tab counts in line with the list.
 */
const browser = useBrowser();
const COMPANY = 'Northwind Audio';

let owner: Awaited<ReturnType<typeof signedInOwner>>;
let erasedEmail: string;
let erasedPosition: string;
let sharedPosition: string;
let sharedCandidate: string;

const createPosition = async (jobTitle: string) => {
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: jobTitle, interview: interviewFixture({ questions: ['What do you listen for first?'] }) },
  });
  expect(created.status).toBe(201);
  return created.body.position_id as string;
};

/** Invites and answers the one question; returns the candidate's id once their answer is processed. */
const respondedCandidate = async (positionId: string, candidateName: string, email: string | null, clip: Uint8Array) => {
  const invited = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: candidateName, email } });
  expect(invited.status).toBe(201);
  const candidateId = invited.body.candidate_id as string;
  await answerQuestion(tokenFromHref(invited.body.interview_href), 0, clip);
  // Before the test deletes it, so that nothing is processed meanwhile.
  await processedAnswers(owner, new Map([[candidateName, candidateId]]), 1);
  return candidateId;
};

beforeAll(async () => {
  owner = await signedInOwner(browser, COMPANY);
  await allocateCredits(owner.companyId, 10);
  [erasedPosition, sharedPosition] = await Promise.all([createPosition('Sound engineer'), createPosition('Mixing engineer')]);
  const clip = (await makeClip(3)).bytes;
  erasedEmail = uniqueEmail('robin');
  [, sharedCandidate] = await Promise.all([
    respondedCandidate(erasedPosition, 'Robin Named', erasedEmail, clip),
    respondedCandidate(sharedPosition, 'Sasha Shared', null, clip),
  ]);
}, 360_000);

describe('deletion and sharing screens (issue 43)', () => {
  it('reopens the share dialog with the expiry the link was given', async () => {
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.candidate.to(owner.companyId, sharedPosition, sharedCandidate)));
    await page.getByRole('heading', { name: 'Sasha Shared' }).waitFor();
    const dialog = page.getByRole('dialog', { name: 'Share Sasha Shared' });
    const expiry = dialog.getByLabel('Link expires after');
    const chosen = () => expiry.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text ?? '');

    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expiry.selectOption('1');
    await dialog.getByText('Share with a public link').click();
    await dialog.getByText(/^Expires on /).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Opened again: the link's own expiry, not the 7 days a new link starts from.
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await dialog.getByText(/^Expires on /).waitFor();
    expect(await chosen()).toBe('1 day');
    await expectAccessible(page, 'share dialog reopened on a 1-day link');

    // Changed to 30 days, and after a reload too.
    await expiry.selectOption('30');
    await dialog.getByRole('button', { name: 'Change expiry' }).click();
    await expect
      .poll(
        async () => (await call('getMySharingDetails', { params: { candidateId: sharedCandidate }, session: owner.sessionId })).body.expires_in_days,
      )
      .toBe(30);
    await page.reload();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await dialog.getByText(/^Expires on /).waitFor();
    expect(await chosen()).toBe('30 days');
    await expectAccessible(page, 'share dialog reopened on a 30-day link');
    // (the one 404: the details read while sharing was off, as the spec has it)
    expect(errors.filter((error) => !error.includes('my-sharing-details') && !error.includes('status of 404'))).toEqual([]);
    expect(errors.filter((error) => error.includes('my-sharing-details'))).toEqual([
      `404 GET /api/v1/candidates/${sharedCandidate}/my-sharing-details`,
    ]);
    await page.close();
  }, 120_000);

  it('names the company on the deletion pages, lays the receipt out to read, and the open position page follows the deletion', async () => {
    // The team's position page, open on the Responded tab before the candidate asks.
    const team = await owner.context.newPage();
    const teamErrors = trackErrors(team);
    await team.goto(appUrl(paths.position.to(owner.companyId, erasedPosition)));
    await team.getByRole('tab', { name: 'Responded (1)' }).click();
    await team.getByText('Robin Named').first().waitFor();

    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.deleteMyData.to(owner.companyId, { email: erasedEmail })));
    await page.getByRole('heading', { name: 'Delete my data', level: 1 }).waitFor();
    await page.getByText(`Ask ${COMPANY} to delete everything it holds about you`).waitFor();
    await page.getByText(`The address ${COMPANY} invited you with.`).waitFor();
    await expectAccessible(page, 'Delete my data, naming the company');
    await page.getByRole('button', { name: 'E-mail me a confirmation link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    const confirmation = await mailArriving(erasedEmail, (m) => m.subject.startsWith('Confirm the deletion of your data'));
    const confirmLink = /(http\S+#\/confirm-deletion\/\S+)/.exec(confirmation?.text ?? '')?.[1];
    expect(confirmLink).toBeDefined();
    await page.goto(confirmLink!);
    await page.getByRole('heading', { name: 'Delete your data?' }).waitFor();
    await page.getByText(`Everything ${COMPANY} holds about you from its video interviews will be deleted`).waitFor();
    await expectAccessible(page, 'Confirm deletion, naming the company');
    await page.getByRole('button', { name: 'Delete my data' }).click();
    await page.getByRole('heading', { name: 'Your data has been deleted' }).waitFor();
    await page.getByText(`${COMPANY} has deleted everything it held about you.`).waitFor();
    await page.getByText(`${COMPANY} keeps only this receipt`).waitFor();

    // The receipt reads as a block centred on the page, its list's text beside its bullets (soft: the
    // page left open is still checked below when these fail).
    const items = page.getByRole('definition').getByRole('listitem');
    expect(await items.count()).toBe(5);
    const gaps = await items.evaluateAll((elements) =>
      elements.map((item) => {
        const text = document.createRange();
        text.selectNodeContents(item);
        return Math.round(text.getClientRects()[0]!.left - item.getBoundingClientRect().left);
      }),
    );
    expect.soft(gaps).toEqual([0, 0, 0, 0, 0]);
    // (the status above it, the heading and its line, is centred on the page's column)
    const [receiptBox, columnBox] = await Promise.all([page.locator('dl').boundingBox(), page.getByRole('status').boundingBox()]);
    expect.soft(Math.abs(receiptBox!.x + receiptBox!.width / 2 - (columnBox!.x + columnBox!.width / 2))).toBeLessThan(2);
    await expectAccessible(page, 'Deletion receipt, naming the company');
    expect(errors).toEqual([]);
    await context.close();

    // The page left open: the list read again is empty, and the tab's count follows it.
    // Two tabs pressed in quick succession (the second within a microtask of the first, before the
    // first one's navigation rendered, as a busy machine may deliver them): the second is the one open.
    await team.evaluate(async () => {
      const tab = (name: string) => Array.from(document.querySelectorAll<HTMLElement>('[role=tab]')).find((t) => t.textContent?.startsWith(name))!;
      tab('Invited').click();
      await Promise.resolve();
      await Promise.resolve();
      tab('Responded').click();
    });
    await team.getByRole('tab', { name: /^Responded/, selected: true }).waitFor();
    await expect.poll(() => new URL(team.url()).hash).toMatch(/tab=responded/);
    // Away and back, each tab open before the next press: the list is read again.
    await team.getByRole('tab', { name: /^Invited/ }).click();
    await team.getByRole('tab', { name: /^Invited/, selected: true }).waitFor();
    await team.getByRole('tab', { name: /^Responded/ }).click();
    await team.getByText('Completed the interview').waitFor();
    await team.getByRole('tab', { name: 'Responded (0)' }).waitFor();
    await expectAccessible(team, 'position page after a deletion on request');
    expect(teamErrors).toEqual([]);
    await team.close();
  }, 180_000);

  it("reads a tab's list again when the tab opens again, however soon after its last read", async () => {
    // Last in the file: it deletes the shared candidate. The delete lands within a second of the
    // page's own read of the list, which SWR would otherwise reuse for 2 s and keep the card.
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.position.to(owner.companyId, sharedPosition)));
    await page.getByRole('tab', { name: 'Responded (1)' }).click();
    await page.getByText('Sasha Shared').first().waitFor();
    expect((await call('deleteCandidate', { params: { candidateId: sharedCandidate }, session: owner.sessionId })).status).toBe(200);
    await page.getByRole('tab', { name: /^Invited/ }).click();
    await page.getByRole('tab', { name: /^Invited/, selected: true }).waitFor();
    await page.getByRole('tab', { name: /^Responded/ }).click();
    await page.getByText('Completed the interview').waitFor({ timeout: 10_000 });
    await page.getByRole('tab', { name: 'Responded (0)' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
