import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import { call } from '../support/api';
import { allocateCredits } from '../support/aws';
import { answeredPosition, interviewFixture } from '../support/interviews';
import { makeClip } from '../support/media';
import { expectAccessible } from './support/accessibility';
import { appUrl, trackErrors, useBrowser } from './support/browser';
import { signedInOwner } from './support/session';

/**
 * Issue 29's review screen and the position's fixed bar: rating faces drawn as SVG with names, the
 * player's poster and length before it plays, candidate and answer navigation apart, and the
 * lifecycle actions (Close, Re-open, Delete) each confirmed in a dialog that says what it does.
 */
const browser = useBrowser();
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let positionId: string;
let ids: Map<string, string>;

const QUESTIONS = ['What brought you to design?', 'Tell us about a critique that changed your work'];
// Answered in this order: the last one is the newest response, the first the candidate page's Next.
const ANSWERED = ['Olga Older', 'Nora Newer'];

beforeAll(async () => {
  owner = await signedInOwner(browser, 'Polish Studio');
  await allocateCredits(owner.companyId, 10);
  ({ positionId, ids } = await answeredPosition(owner, {
    jobTitle: 'Product designer',
    questions: QUESTIONS,
    names: ANSWERED,
    clip: (await makeClip(4, 'i like making complicated things simple for the people who use them.')).bytes,
  }));
}, 360_000);

const candidatePage = async (name: string) => {
  const page = await owner.context.newPage();
  const errors = trackErrors(page);
  await page.goto(appUrl(paths.candidate.to(owner.companyId, positionId, ids.get(name)!)));
  await page.getByRole('heading', { name: QUESTIONS[0] }).waitFor();
  return { page, errors };
};

/** Whether an element's outline is drawn (a visible focus ring). */
const outlined = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  });

describe('the review screen', () => {
  it('draws the rating faces as SVG buttons with names, the chosen one pressed and visibly apart', async () => {
    const { page, errors } = await candidatePage('Nora Newer');
    const faces = page.getByRole('group', { name: 'Rate this answer' }).getByRole('button');
    await expect.poll(() => faces.count()).toBe(5);
    const names = await faces.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    expect(names).toEqual(['1 of 5: Poor', '2 of 5: Below average', '3 of 5: Average', '4 of 5: Good', '5 of 5: Excellent']);
    for (const face of await faces.all()) {
      expect(await face.locator('svg').count()).toBe(1);
      expect(await face.getAttribute('aria-pressed')).toBe('false');
    }
    // No emoji characters: nothing depends on an emoji font.
    const text = await page.getByRole('group', { name: 'Rate this answer' }).innerText();
    expect(text).not.toMatch(/\p{Extended_Pictographic}/u);

    const good = page.getByRole('button', { name: '4 of 5: Good' });
    const background = (name: string) =>
      page.getByRole('button', { name }).evaluate((b) => `${getComputedStyle(b).backgroundColor} ${getComputedStyle(b).borderColor}`);
    const unpressed = await background('4 of 5: Good');
    await good.click();
    await expect.poll(() => good.getAttribute('aria-pressed')).toBe('true');
    // Polled: the face's colours change through a short CSS transition.
    await expect.poll(() => background('4 of 5: Good')).not.toBe(unpressed);
    expect(await background('3 of 5: Average')).toBe(unpressed);
    await expect
      .poll(
        async () =>
          (await call('getCandidate', { params: { candidateId: ids.get('Nora Newer')! }, session: owner.sessionId })).body.answers[0].rating,
      )
      .toBe(4);

    // From the keyboard: the focused face shows a focus ring.
    await page.getByRole('button', { name: '1 of 5: Poor' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('2 of 5: Below average');
    expect(await outlined(page)).toBe(true);
    await expectAccessible(page, 'candidate page: an answer rated');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows the answer's poster and length before it plays", async () => {
    const { page, errors } = await candidatePage('Nora Newer');
    const video = page.getByLabel('Answer 1', { exact: true });
    await video.waitFor();
    const poster = await video.getAttribute('poster');
    expect(poster).toBeTruthy();
    const image = await fetch(poster!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    // Only the metadata is loaded: the length is known without playing.
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => (Number.isFinite(v.duration) ? v.duration : 0))).toBeGreaterThan(3);
    expect(await video.evaluate((v: HTMLVideoElement) => [v.paused, v.currentTime, v.preload])).toEqual([true, 0, 'metadata']);
    const length = page.getByTestId('answer-length');
    await expect.poll(() => length.innerText()).toMatch(/^Length 0:0[3-5]$/);
    await expectAccessible(page, 'candidate page: the player before playing');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the candidate pager in the header, apart from the answers’ navigation on the player', async () => {
    const { page, errors } = await candidatePage('Nora Newer');
    const pager = page.getByRole('navigation', { name: 'Candidates' });
    const answers = page.getByRole('region', { name: 'Answers' });
    expect(await pager.getByRole('button', { name: 'Previous candidate' }).isDisabled()).toBe(true); // the newest response
    expect(await pager.getByRole('button', { name: 'Next candidate' }).isDisabled()).toBe(false);
    expect(await answers.getByRole('button', { name: /candidate/ }).count()).toBe(0);
    expect(await pager.getByRole('button', { name: /answer/ }).count()).toBe(0);
    expect(await answers.getByRole('combobox', { name: 'Answer' }).inputValue()).toBe('0');
    await answers.getByRole('option', { name: 'Answer 1 of 2' }).waitFor({ state: 'attached' });
    // The pager sits above the answer, in the page's header.
    const [pagerBox, answersBox] = await Promise.all([pager.boundingBox(), answers.boundingBox()]);
    expect(pagerBox!.y + pagerBox!.height).toBeLessThanOrEqual(answersBox!.y);

    await answers.getByRole('button', { name: 'Next answer' }).click();
    await page.getByRole('heading', { name: QUESTIONS[1] }).waitFor();
    expect(await answers.getByRole('combobox', { name: 'Answer' }).inputValue()).toBe('1');
    expect(await answers.getByRole('button', { name: 'Next answer' }).isDisabled()).toBe(true);
    await page.getByLabel('Answer 2', { exact: true }).waitFor();
    await expectAccessible(page, 'candidate page: the second answer');
    await answers.getByRole('button', { name: 'Previous answer' }).click();
    await page.getByRole('heading', { name: QUESTIONS[0] }).waitFor();

    await pager.getByRole('button', { name: 'Next candidate' }).click();
    await page.getByRole('heading', { name: 'Olga Older', level: 1 }).waitFor();
    expect(page.url()).toContain(`/candidates/${ids.get('Olga Older')}`);
    expect(await pager.getByRole('button', { name: 'Next candidate' }).isDisabled()).toBe(true);
    expect(await pager.getByRole('button', { name: 'Previous candidate' }).isDisabled()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("the position's fixed bar", () => {
  it('asks before Close, Re-open and Delete, saying what each does; Cancel changes nothing', async () => {
    const other = (
      await call('createPosition', {
        params: { companyId: owner.companyId },
        session: owner.sessionId,
        body: { job_title: 'Short-lived role', interview: interviewFixture({ questions: ['Why now?'] }) },
      })
    ).body.position_id as string;
    const invited = await call('inviteCandidate', {
      params: { positionId: other },
      session: owner.sessionId,
      body: { candidate_name: 'Ian Invited', email: null },
    });
    expect(invited.status).toBe(201);
    const statusOf = async () => {
      const res = await call('getPosition', { params: { positionId: other }, session: owner.sessionId });
      return res.status === 200 ? (res.body.current_status as string) : res.status;
    };

    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.position.to(owner.companyId, other, { view: 'settings' })));
    const bar = page.getByRole('group', { name: 'Position status' });
    const close = bar.getByRole('button', { name: 'Close', exact: true });
    await close.waitFor();
    expect(await bar.getByRole('button', { name: /Re-open|Delete/ }).count()).toBe(0); // offered only when closed
    expect(await bar.getByRole('button', { name: 'Save changes' }).count()).toBe(0); // Save stands apart
    await expectAccessible(page, 'position settings: the fixed bar, open');

    // Close: the dialog says what closing does; Cancel leaves the position open.
    await close.click();
    const closing = page.getByRole('dialog', { name: 'Close this position?' });
    await closing.getByText('No one can be invited to it while it is closed.').waitFor();
    await closing
      .getByText('Candidates already invited can still finish their interviews, and every response stays here for you to review.')
      .waitFor();
    await closing.getByText('You can re-open it at any time.').waitFor();
    await expectAccessible(page, 'close position confirmation');
    await closing.getByRole('button', { name: 'Cancel' }).click();
    await closing.waitFor({ state: 'hidden' });
    expect(await statusOf()).toBe('open');
    await close.waitFor();

    // Esc dismisses it too; then Close position closes it.
    await close.click();
    await closing.waitFor();
    await page.keyboard.press('Escape');
    await closing.waitFor({ state: 'hidden' });
    expect(await statusOf()).toBe('open');
    await close.click();
    await closing.getByRole('button', { name: 'Close position' }).click();
    await closing.waitFor({ state: 'hidden' });
    await bar.getByRole('button', { name: 'Re-open', exact: true }).waitFor();
    expect(await statusOf()).toBe('closed');

    // Delete: destructive, says what goes with it; Cancel keeps everything.
    await bar.getByRole('button', { name: 'Delete', exact: true }).click();
    const deleting = page.getByRole('dialog', { name: 'Delete this position?' });
    await deleting
      .getByText(
        '“Short-lived role” is deleted with its 1 candidate: their answer videos, transcripts, ratings and public sharing links. Their interview links stop working.',
      )
      .waitFor();
    await deleting.getByText('This cannot be undone.').waitFor();
    await expectAccessible(page, 'delete position confirmation');
    await deleting.getByRole('button', { name: 'Cancel' }).click();
    await deleting.waitFor({ state: 'hidden' });
    expect(await statusOf()).toBe('closed');

    // Re-open, confirmed.
    await bar.getByRole('button', { name: 'Re-open', exact: true }).click();
    const reopening = page.getByRole('dialog', { name: 'Re-open this position?' });
    await reopening.getByText('You can invite candidates to it again.').waitFor();
    await reopening.getByRole('button', { name: 'Re-open position' }).click();
    await reopening.waitFor({ state: 'hidden' });
    await close.waitFor();
    expect(await statusOf()).toBe('open');

    // Close and delete, confirmed: back to the positions list, the position gone.
    await close.click();
    await closing.getByRole('button', { name: 'Close position' }).click();
    await closing.waitFor({ state: 'hidden' });
    await bar.getByRole('button', { name: 'Delete', exact: true }).click();
    await deleting.getByRole('button', { name: 'Delete position' }).click();
    await page.waitForURL(/#\/companies\/[^/]+\/positions$/);
    expect(await statusOf()).toBe(404);
    expect(errors).toEqual([]);
    await page.close();
  });
});
