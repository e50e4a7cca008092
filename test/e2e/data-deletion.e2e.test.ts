import { ListBucketsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { href, paths } from '../../lambdas/contracts/app-paths';
import { keys } from '../../lambdas/data/keys';
import { mailArriving, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { call } from '../support/api';
import { allocateCredits, localDb, localEnv, localS3 } from '../support/aws';
import { answerQuestion, interviewFixture, interviewLinkMailedTo, tokenFromHref } from '../support/interviews';
import { makeClip } from '../support/media';
import { expectAccessible } from './support/accessibility';
import { appUrl, trackErrors, useBrowser } from './support/browser';
import { signedInContext } from './support/session';
import { tabTo as tabToInFirefox, trackFirefoxErrors, useFirefox, waitForHeading } from './support/firefox';

/**
 * Issue 28, deletion on request: a candidate who answered with a video follows "Delete my data"
 * from their invitation, asks, confirms from the mailed link and gets a receipt; then nothing of
 * theirs is left in the S3 stand-in's buckets or in DynamoDB Local (but the company's audit log,
 * which holds their id only, and the receipt, which holds no id at all).
 */
const browser = useBrowser();
const firefox = useFirefox();

let owner: Awaited<ReturnType<typeof registerAndSignIn>>;
let email: string;
let candidateId: string;
let interviewLink: string;

/** Every object key of every bucket of the S3 stand-in. */
const allObjectKeys = async () => {
  const s3 = localS3();
  const { Buckets = [] } = await s3.send(new ListBucketsCommand({}));
  const found: string[] = [];
  for (const bucket of Buckets) {
    let token: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket.Name!, ContinuationToken: token }));
      found.push(...(page.Contents ?? []).map((o) => `${bucket.Name}/${o.Key}`));
      token = page.NextContinuationToken;
    } while (token);
  }
  return found;
};

/** Every item of the table, as JSON text. */
const allItems = async () => {
  const items: Record<string, any>[] = [];
  let start: Record<string, any> | undefined;
  do {
    const page = await localDb().send(new ScanCommand({ TableName: localEnv().TABLE_NAME, ExclusiveStartKey: start, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};

/** Tabs through the page until the focused element's text is `name` (keyboard alone); fails after `max` presses. */
const tabTo = async (page: Page, name: RegExp, max = 40) => {
  for (let presses = 0; presses < max; presses++) {
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (name.test(focused)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${String(name)} was not reached with ${max} presses of Tab`);
};

beforeAll(async () => {
  owner = await registerAndSignIn('Erasure Studio');
  await allocateCredits(owner.companyId, 10);
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Sound engineer', interview: interviewFixture({ questions: ['What do you listen for first?'] }) },
  });
  expect(created.status).toBe(201);
  email = uniqueEmail('robin');
  const invited = await call('inviteCandidate', {
    params: { positionId: created.body.position_id },
    session: owner.sessionId,
    body: { candidate_name: 'Robin Erasmus', email },
  });
  expect(invited.status).toBe(201);
  candidateId = invited.body.candidate_id;
  interviewLink = await interviewLinkMailedTo(email);
  const clip = await makeClip(3, 'i listen for the room before anything else.');
  await answerQuestion(tokenFromHref(interviewLink), 0, clip.bytes);
  // (expect.poll works only inside a test: the pipeline is waited for by hand.)
  const deadline = Date.now() + 300_000;
  for (;;) {
    const candidate = await call('getCandidate', { params: { candidateId }, session: owner.sessionId });
    const answers = (candidate.body.answers ?? []) as { video: { upload_status: string } }[];
    if (answers.length === 1 && answers[0]!.video.upload_status === 'ready') break;
    if (answers.some((a) => a.video.upload_status === 'failed') || Date.now() > deadline) throw new Error('the answer was not processed');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}, 360_000);

describe('deletion on request', () => {
  it('is linked from the interview page in Firefox too, reached with the keyboard alone', async () => {
    const context = await firefox.createBrowserContext();
    const page = await context.newPage();
    const errors = trackFirefoxErrors(page);
    await page.goto(interviewLink);
    await page.waitForFunction(() => document.querySelector('footer a') !== null, { timeout: 15_000, polling: 100 });
    await tabToInFirefox(page, /^Delete my data/);
    const target = await page.evaluate(() => (document.activeElement as HTMLAnchorElement).href);
    expect(target).toContain(href(paths.deleteMyData.to(owner.companyId, { email })));
    // The page it opens, in Firefox: the address prefilled, the button reached with Tab.
    await page.goto(target);
    await waitForHeading(page, 'Delete my data');
    // The heading shows while the company's name loads; the form follows it.
    await page.waitForFunction(() => document.querySelector('input[type="email"]') !== null, { timeout: 15_000, polling: 100 });
    expect(await page.evaluate(() => document.querySelector<HTMLInputElement>('input[type="email"]')?.value)).toBe(email);
    await tabToInFirefox(page, 'E-mail me a confirmation link');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('takes a candidate from the mail link through request and confirmation to a receipt, leaves nothing of theirs, and shows the owner the deletion in the audit log', async () => {
    // What of theirs exists before: items naming them, their answers' media, and those media's objects.
    const before = await allItems();
    const theirs = before.filter((item) => JSON.stringify(item).includes(candidateId));
    const answerIds = theirs.filter((item) => String(item.SK).startsWith('ANSWER#')).map((item) => item.answerId as string);
    const mediaIds = [...new Set(theirs.map((item) => item.mediaId).filter((id): id is string => typeof id === 'string'))];
    expect(answerIds.length).toBe(1);
    expect(mediaIds.length).toBeGreaterThan(0);
    const objectsBefore = await allObjectKeys();
    expect(objectsBefore.filter((key) => mediaIds.some((id) => key.includes(id))).length).toBeGreaterThan(1);

    const context = await browser.newContext();
    // The interview page carries the link in its footer, reached with the keyboard; it opens the same page in a new tab.
    const interview = await context.newPage();
    await interview.goto(interviewLink);
    await interview.getByRole('heading', { level: 1 }).first().waitFor();
    await tabTo(interview, /^Delete my data/);
    const [opened] = await Promise.all([context.waitForEvent('page'), interview.keyboard.press('Enter')]);
    await opened.waitForLoadState();
    expect(opened.url()).toContain(href(paths.deleteMyData.to(owner.companyId, { email })));
    await opened.close();

    // The invitation mail's link: the page names what goes, with the address prefilled.
    const invitation = await mailArriving(email, (m) => m.subject.includes('invites you to a video interview'));
    const deleteLink = /Delete my data: (http\S+)/.exec(invitation?.text ?? '')?.[1];
    expect(deleteLink).toBeDefined();
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.goto(deleteLink!);
    await page.getByRole('heading', { name: 'Delete my data', level: 1 }).waitFor();
    expect(await page.getByLabel('Your e-mail address').inputValue()).toBe(email);
    await expect.poll(() => page.getByRole('listitem').count()).toBe(5);
    await expectAccessible(page, 'Delete my data');
    // Keyboard alone: to the button, and Enter.
    await tabTo(page, /^E-mail me a confirmation link$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    expect(await page.getByRole('status').innerText()).toContain("If we hold data for this address, we've e-mailed a link to confirm.");
    await expectAccessible(page, 'Delete my data: requested');

    // The mailed link: what goes, and the button.
    const confirmation = await mailArriving(email, (m) => m.subject.startsWith('Confirm the deletion of your data'));
    const confirmLink = /(http\S+#\/confirm-deletion\/[A-Za-z0-9_-]+)/.exec(confirmation?.text ?? '')?.[1];
    expect(confirmLink).toBeDefined();
    await page.goto(confirmLink!);
    await page.getByRole('heading', { name: 'Delete your data?' }).waitFor();
    await expectAccessible(page, 'Confirm deletion');
    await tabTo(page, /^Delete my data$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your data has been deleted' }).waitFor();
    const receiptId = (await page.locator('dd').first().innerText()).trim();
    expect(receiptId).toMatch(/^DR-[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);
    await expectAccessible(page, 'Deletion receipt');
    expect(errors).toEqual([]);

    // The receipt by e-mail, and the team told without a name.
    const receipt = await mailArriving(email, (m) => m.subject === 'Your data at Erasure Studio has been deleted');
    expect(receipt?.text).toContain(`Receipt id: ${receiptId}`);
    const notice = await mailArriving(owner.email, (m) => m.subject === 'A candidate was deleted at their request');
    expect(notice?.text).toContain('Sound engineer');
    expect(notice?.text).not.toContain('Robin');

    // Nothing of theirs remains: no object of their media or their answer package, no item naming them.
    const objectsAfter = await allObjectKeys();
    expect(objectsAfter.filter((key) => [candidateId, ...mediaIds].some((id) => key.includes(id)))).toEqual([]);
    const after = await allItems();
    // The audit log holds the candidate's id only (no name or address), as the kept record of what was done to them.
    const audit = after.filter((item) => String(item.PK) === keys.auditEntry(owner.companyId, '', '').PK);
    const left = after.filter((item) => !audit.includes(item));
    const naming = (secret: string) => left.filter((item) => JSON.stringify(item).toLowerCase().includes(secret.toLowerCase()));
    for (const secret of [candidateId, email, 'Robin Erasmus', ...answerIds, ...mediaIds]) expect(naming(secret), secret).toEqual([]);
    expect(JSON.stringify(audit)).not.toContain(email);
    expect((await call('getInterview', { params: { token: tokenFromHref(interviewLink) } })).status).toBe(404);

    // The owner's audit log shows the deletion, the candidate as the actor and named as deleted.
    const log = await call('listAuditLog', { params: { companyId: owner.companyId }, query: { candidate: candidateId }, session: owner.sessionId });
    expect(log.status).toBe(200);
    const deletions = (
      log.body.entries as { action: string; member: unknown; candidate: { candidate_id: string; is_deleted: boolean } | null }[]
    ).filter((entry) => entry.action === 'deleted_on_request');
    expect(deletions.map((entry) => [entry.member, entry.candidate?.candidate_id, entry.candidate?.is_deleted])).toEqual([[null, candidateId, true]]);
    await context.close();

    // As the owner sees it: Company settings' Audit log, the candidate as the one who asked.
    const ownerContext = await signedInContext(browser, owner.sessionId);
    const ownerPage = await ownerContext.newPage();
    const ownerErrors = trackErrors(ownerPage);
    await ownerPage.goto(appUrl(paths.positions.to(owner.companyId)));
    await ownerPage.getByRole('button', { name: 'Company settings' }).click();
    const settings = ownerPage.getByRole('dialog', { name: 'Company settings' });
    await settings.getByRole('tab', { name: 'Audit log' }).click();
    const rows = settings.getByRole('table', { name: 'Audit log entries, newest first' }).getByRole('row').filter({ hasText: 'Deleted on request' });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('The candidate');
    await expectAccessible(ownerPage, 'audit log: a deletion on request');
    expect(ownerErrors).toEqual([]);
    await ownerContext.close();
  }, 180_000);
});
