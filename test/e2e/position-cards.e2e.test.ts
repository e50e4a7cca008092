import { describe, expect, it } from 'vitest';
import { href, paths } from '../../lambdas/contracts/app-paths';
import { call } from '../support/api';
import { allocateCredits, updateCompany } from '../support/aws';
import { answerQuestion, interviewAsking, tokenFromHref } from '../support/interviews';
import { makeClip } from '../support/media';
import { expectAccessible } from './support/accessibility';
import { appUrl, baseUrl, trackErrors, useBrowser } from './support/browser';
import { signedInOwner } from './support/session';

/**
 * Issue 29's positions list and next steps: a card says "1 new to review" after a response and stops
 * once a member opened the candidate; its quick actions copy the apply link and invite; the empty
 * list explains the three steps; the wizard's finished steps sum up what was entered, step 3 shows
 * what the candidate will go through, and Finish lands on a "Position created" panel with the next step.
 */
const browser = useBrowser();

describe('position cards', () => {
  it('count a response as new to review until a member opens it, and copy the apply link and invite from the card', async () => {
    const owner = await signedInOwner(browser, 'Cards Co');
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await allocateCredits(owner.companyId, 10);
    const created = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Barista', interview: interviewAsking('Why coffee?') },
    });
    const positionId = created.body.position_id as string;
    const invited = await call('inviteCandidate', {
      params: { positionId },
      session: owner.sessionId,
      body: { candidate_name: 'Rosa Roast', email: null },
    });
    await answerQuestion(tokenFromHref(invited.body.interview_href), 0, (await makeClip(2, 'i love coffee')).bytes);

    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.positions.to(owner.companyId)));
    const card = page.getByRole('article', { name: 'Barista' });
    await card.getByRole('link', { name: '1 new to review' }).waitFor();
    await card.getByText('Last response').waitFor();
    await card.getByText('Created').waitFor();
    // The spec's chips, zero counts included.
    await card.getByRole('link', { name: '1 responded' }).waitFor();
    await card.getByRole('link', { name: '0 invited' }).waitFor();
    await card.getByRole('link', { name: '0 shortlisted' }).waitFor();
    await card.getByRole('link', { name: '0 rejected' }).waitFor();
    await expectAccessible(page, 'positions list: a card with a response new to review');

    // Copy apply link: the position had none; the click turns it on and copies it.
    await card.getByRole('button', { name: 'Copy apply link' }).click();
    await card.getByRole('button', { name: 'Copied to clipboard!' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const position = (await call('getPosition', { params: { positionId }, session: owner.sessionId })).body;
    expect(position.apply_link?.link_href).toBe(copied);
    expect(copied).toMatch(/#\/apply\/[A-Za-z0-9_-]+$/);

    // Invite, from the keyboard: the quick actions are reachable and sit above the card's link.
    await card.getByRole('button', { name: 'Invite', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Invite candidate' });
    await dialog.getByLabel('Full name').fill('Milo Mocha');
    await dialog.getByLabel('Email', { exact: true }).fill(`milo-${Date.now()}@example.com`);
    await expectAccessible(page, 'positions list: the invite dialog');
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await dialog.getByText('The interview invitation is on its way').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByRole('link', { name: '1 invited' }).waitFor();

    // A member opens the candidate: the card no longer counts them.
    await card.getByRole('link', { name: '1 new to review' }).click();
    await page.waitForURL(/tab=responded/);
    await page.getByRole('link', { name: 'Open Rosa Roast' }).click();
    await page.getByRole('heading', { name: 'Why coffee?' }).waitFor();
    await page.getByRole('link', { name: 'Positions', exact: true }).first().click();
    await card.getByRole('link', { name: '1 responded' }).waitFor();
    // The list shows what it had, then what the server says now.
    await expect.poll(() => card.getByText('new to review').count()).toBe(0);
    expect(errors).toEqual([]);
    await owner.context.close();
  }, 240_000);

  it('show the spec’s count chips, each opening the candidates view on its tab; without evaluation "responded" counts what its tab holds', async () => {
    const owner = await signedInOwner(browser, 'Chips Co');
    await allocateCredits(owner.companyId, 10);
    const created = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Pastry chef', interview: interviewAsking('Why pastry?') },
    });
    const positionId = created.body.position_id as string;
    const invite = async (name: string) =>
      (await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: name, email: null } })).body;
    const clip = (await makeClip(2, 'i love pastry')).bytes;
    const shortlisted = await invite('Sam Sable');
    await answerQuestion(tokenFromHref(shortlisted.interview_href), 0, clip);
    await answerQuestion(tokenFromHref((await invite('Rae Rugelach')).interview_href), 0, clip);
    await invite('Ivy Invited');
    const moved = await call('setCandidateStatus', {
      params: { candidateId: shortlisted.candidate_id, status: 'shortlist' },
      session: owner.sessionId,
    });
    expect(moved.status).toBe(200);

    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    const list = paths.positions.to(owner.companyId);
    await page.goto(appUrl(list));
    const card = page.getByRole('article', { name: 'Pastry chef' });
    const chips = card.getByRole('link', { name: /^\d+ (invited|responded|shortlisted|rejected)$/ });
    await card.getByRole('link', { name: '0 rejected' }).waitFor();
    expect(await chips.allTextContents()).toEqual(['1 invited', '1 responded', '1 shortlisted', '0 rejected']);
    await expectAccessible(page, 'positions list: a card with every chip');

    // A chip opens the position on its tab, even at zero.
    const opensTab = async (chip: string, tab: string, label: string, shows: string) => {
      await card.getByRole('link', { name: chip, exact: true }).click();
      await page.waitForURL((url) => url.hash === href(paths.position.to(owner.companyId, positionId, { tab })));
      await page.getByRole('tab', { name: label, selected: true }).waitFor();
      await page.getByRole('tabpanel').getByText(shows).first().waitFor();
      await page.goto(appUrl(list));
    };
    await opensTab('0 rejected', 'rejected', 'Rejected (0)', 'Not a good fit');
    await opensTab('1 shortlisted', 'shortlisted', 'Shortlisted (1)', 'Sam Sable');
    await opensTab('1 invited', 'invited', 'Invited (1)', 'Ivy Invited');

    // Without evaluation there are two tabs, and the Responded tab holds the shortlisted candidate too.
    await updateCompany(owner.companyId, 'SET config = :config', { ':config': { isEvaluationEnabled: false, isRatingEnabled: true } });
    await page.reload();
    await card.getByRole('link', { name: '2 responded' }).waitFor();
    expect(await chips.allTextContents()).toEqual(['1 invited', '2 responded']);
    await card.getByRole('link', { name: '2 responded', exact: true }).click();
    await page.waitForURL((url) => url.hash === href(paths.position.to(owner.companyId, positionId, { tab: 'responded' })));
    await page.getByRole('tab', { name: 'Responded (2)', selected: true }).waitFor();
    await page.getByRole('link', { name: 'Open Sam Sable' }).waitFor();
    await page.getByRole('link', { name: 'Open Rae Rugelach' }).waitFor();
    await expectAccessible(page, 'position: the Responded tab without evaluation');
    expect(errors).toEqual([]);
    await owner.context.close();
  }, 240_000);

  it('explain the three steps when there is no position, and after the wizard’s Finish offer inviting and the apply link', async () => {
    const owner = await signedInOwner(browser, 'Next Step Co');
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.positions.to(owner.companyId)));
    const empty = page.getByRole('region', { name: 'Hire with video interviews in three steps' });
    await empty.getByRole('listitem').nth(2).waitFor();
    expect(await empty.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('Create a position'),
      expect.stringContaining('Invite candidates'),
      expect.stringContaining('Review the answers'),
    ]);
    await page.getByRole('button', { name: 'Create a position' }).click();

    const step1 = page.getByRole('region', { name: 'Enter a position name' });
    await page.getByLabel('Position name', { exact: true }).fill('Head roaster');
    await step1.getByRole('button', { name: 'Next' }).click();
    // The finished step sums up what was entered.
    await step1.getByText('Head roaster', { exact: true }).waitFor();
    const step2 = page.getByRole('region', { name: 'Record your questions' });
    await step2.getByRole('button', { name: 'Add a typed question' }).click();
    const question = step2.getByRole('region', { name: 'Question 1' });
    await question.getByLabel('Question', { exact: true }).fill('What makes a good roast?');
    await question.getByText('24/140').waitFor(); // the quiet counter under the field
    await question.getByRole('button', { name: 'Move question 1 up' }).waitFor();
    await expectAccessible(page, 'wizard: step 2 with one question');
    await step2.getByRole('button', { name: 'Next' }).click();
    await step2.getByText('1 question', { exact: true }).waitFor();

    // Step 3: what the candidate goes through, following the pacing.
    const step3 = page.getByRole('region', { name: 'Adjust the pacing' });
    const experience = step3.getByRole('region', { name: 'What candidates will experience' });
    await experience.getByText('Up to 3 minutes').waitFor(); // 30 s thinking + 2 min answer
    await step3.getByLabel('Max answer length').selectOption({ label: '5 minutes' });
    await experience.getByText('Up to 6 minutes').waitFor();
    await expectAccessible(page, 'wizard: step 3 with the candidate’s experience');
    await step3.getByRole('button', { name: 'Finish' }).click();

    // The position opens with its next step.
    await page.waitForURL(/\?celebrate=true$/);
    const positionId = /positions\/([^/?]+)\?/.exec(page.url())![1]!;
    const panel = page.getByRole('region', { name: 'Position created' });
    await panel.waitFor();
    await expectAccessible(page, 'position: created, next steps');
    await panel.getByRole('button', { name: 'Copy apply link' }).click();
    await panel.getByRole('button', { name: 'Copied to clipboard!' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect((await call('getPosition', { params: { positionId }, session: owner.sessionId })).body.apply_link?.link_href).toBe(copied);
    await panel.getByText(copied, { exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Invite candidates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite candidate' });
    await dialog.getByLabel('Full name').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await panel.getByRole('button', { name: 'Dismiss' }).click();
    await panel.waitFor({ state: 'hidden' });
    expect(page.url()).not.toContain('celebrate');
    expect(errors).toEqual([]);
    await owner.context.close();
  }, 240_000);
});
