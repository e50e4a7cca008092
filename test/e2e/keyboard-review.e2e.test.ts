import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import { call } from '../support/api';
import { allocateCredits } from '../support/aws';
import { answeredPosition } from '../support/interviews';
import { makeClip } from '../support/media';
import { expectAccessible } from './support/accessibility';
import { appUrl, trackErrors, useBrowser } from './support/browser';
import { signedInOwner } from './support/session';

/**
 * Issue 27's keyboard-first review: a whole review of two candidates from the keyboard alone
 * (answers, the player, a rating, shortlist, reject, undo, the candidate pager, the shortcuts
 * dialog), shortcuts left alone while typing in a field, and a visible focus ring on the page's
 * controls.
 */
const browser = useBrowser();
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let positionId: string;
let ids: Map<string, string>;

const QUESTIONS = ['What made you apply?', 'Describe a project you are proud of'];
// Answered in this order: the last one is the newest response (the page's Previous has none), the first its Next (J).
const ANSWERED = ['Otto Older', 'Nina Newer'];

beforeAll(async () => {
  owner = await signedInOwner(browser, 'Keyboard Review Co');
  await allocateCredits(owner.companyId, 10);
  ({ positionId, ids } = await answeredPosition(owner, {
    jobTitle: 'Support engineer',
    questions: QUESTIONS,
    names: ANSWERED,
    clip: (await makeClip(4, 'i enjoy helping people solve problems with software.')).bytes,
  }));
}, 360_000);

const candidateOf = async (name: string) => {
  const res = await call('getCandidate', { params: { candidateId: ids.get(name)! }, session: owner.sessionId });
  return res.body as { current_status: string; answers: { answer_id: string; question_index: number; rating: number | null }[] };
};
const statusOf = async (name: string) => (await candidateOf(name)).current_status;
const ratingsOf = async (name: string) => (await candidateOf(name)).answers.sort((a, b) => a.question_index - b.question_index).map((a) => a.rating);

const openCandidate = async (page: Page, name: string, query: { answer?: string; at?: number } = {}) => {
  await page.goto(appUrl(paths.candidate.to(owner.companyId, positionId, ids.get(name)!, query)));
  await page.getByRole('heading', { name, level: 1 }).waitFor();
};

/** What the page's polite live region last said. */
const announced = (page: Page) => page.locator('.candidate-page > .visually-hidden[role="status"]').textContent();
const answerSelect = (page: Page) => page.getByRole('region', { name: 'Answers' }).getByRole('combobox', { name: 'Answer' });
const statusBadge = (page: Page) => page.locator('.candidate-page__status').textContent();
const paused = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.paused);
/** Once an evaluation is saved its buttons are enabled again (the next one is offered). */
const evaluationSettled = (page: Page) =>
  expect.poll(() => page.locator('.candidate-card-panel button:disabled').count(), { timeout: 15_000 }).toBe(0);
/** Moves focus out of any control (onto the page itself), as after a click on its background. */
const focusPage = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

describe('keyboard-first review', () => {
  it('reviews two candidates with the keyboard alone', async () => {
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await openCandidate(page, 'Nina Newer');
    await page.getByRole('heading', { name: QUESTIONS[0] }).waitFor();
    await expectAccessible(page, 'candidate page: keyboard review');
    expect(await page.getByRole('button', { name: 'Keyboard shortcuts (?)' }).getAttribute('aria-keyshortcuts')).toBe('?');
    await focusPage(page);

    // Answers: → and ] forward, ← and [ back.
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { name: QUESTIONS[1] }).waitFor();
    expect(await answerSelect(page).inputValue()).toBe('1');
    await expect.poll(() => announced(page)).toBe('Answer 2 of 2');
    await page.keyboard.press('ArrowRight'); // the last one: nothing further
    expect(await answerSelect(page).inputValue()).toBe('1');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('heading', { name: QUESTIONS[0] }).waitFor();
    expect(await answerSelect(page).inputValue()).toBe('0');
    await page.keyboard.press(']');
    await page.getByRole('heading', { name: QUESTIONS[1] }).waitFor();
    await page.keyboard.press('[');
    await page.getByRole('heading', { name: QUESTIONS[0] }).waitFor();

    // Space plays and pauses the answer.
    const video = page.getByLabel('Answer 1', { exact: true });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    expect(await paused(video)).toBe(true);
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Space');
    await expect.poll(() => paused(video)).toBe(false);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
    await page.keyboard.press('Space');
    await expect.poll(() => paused(video)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled); // Space did not scroll the page

    // A digit rates the current answer; it is saved.
    await page.keyboard.press('4');
    await expect.poll(() => page.getByRole('button', { name: '4 of 5: Good' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => announced(page)).toBe('Rated 4 of 5');
    await expect.poll(() => ratingsOf('Nina Newer')).toEqual([4, null]);
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { name: QUESTIONS[1] }).waitFor();
    await page.keyboard.press('2');
    await expect.poll(() => ratingsOf('Nina Newer')).toEqual([4, 2]);
    await page.reload();
    await page.getByRole('heading', { name: QUESTIONS[0] }).waitFor();
    expect(await page.getByRole('button', { name: '4 of 5: Good' }).getAttribute('aria-pressed')).toBe('true');

    // S shortlists, U undoes, S again.
    await focusPage(page);
    await page.keyboard.press('s');
    await expect.poll(() => statusOf('Nina Newer')).toBe('shortlisted');
    await expect.poll(() => statusBadge(page)).toBe('shortlisted');
    await expect.poll(() => announced(page)).toBe('Shortlisted');
    await evaluationSettled(page);
    await page.keyboard.press('s'); // not offered to a shortlisted candidate
    await page.keyboard.press('u');
    await expect.poll(() => statusOf('Nina Newer')).toBe('responded');
    await expect.poll(() => statusBadge(page)).toBe('responded');
    await expect.poll(() => announced(page)).toBe('Undone: back to responded');
    await evaluationSettled(page);
    await page.keyboard.press('s');
    await expect.poll(() => statusOf('Nina Newer')).toBe('shortlisted');
    await expect.poll(() => statusBadge(page)).toBe('shortlisted');
    await evaluationSettled(page);

    // J: the next candidate (the older response); R rejects them.
    await page.keyboard.press('j');
    await page.getByRole('heading', { name: 'Otto Older', level: 1 }).waitFor();
    expect(page.url()).toContain(`/candidates/${ids.get('Otto Older')}`);
    await page.keyboard.press('j'); // the oldest: no next
    await page.keyboard.press('r');
    await expect.poll(() => statusOf('Otto Older')).toBe('rejected');
    await expect.poll(() => statusBadge(page)).toBe('rejected');
    await expect.poll(() => announced(page)).toBe('Rejected');
    await evaluationSettled(page);
    expect(page.url()).toContain(`/candidates/${ids.get('Otto Older')}`);

    // K: back to the previous candidate (the newer response), still shortlisted.
    await page.keyboard.press('k');
    await page.getByRole('heading', { name: 'Nina Newer', level: 1 }).waitFor();
    expect(await statusBadge(page)).toBe('shortlisted');
    expect(await statusOf('Otto Older')).toBe('rejected');
    expect(await statusOf('Nina Newer')).toBe('shortlisted');

    // ? opens the shortcuts dialog; Escape closes it.
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    const keys = await dialog.locator('kbd').allTextContents();
    expect(keys).toEqual(expect.arrayContaining(['J', 'K', '→', '←', '[', ']', 'Space', '1', '5', 'S', 'R', 'U', 'C', '?']));
    expect(await dialog.getByRole('row', { name: /Shortlist/ }).count()).toBe(1);
    await expectAccessible(page, 'candidate page: the keyboard shortcuts dialog');
    await page.keyboard.press('u'); // the page behind is not reviewed while the dialog is open
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await statusOf('Nina Newer')).toBe('shortlisted');

    // The header's hint opens the same dialog, and focus comes back to it on close.
    const hint = page.getByRole('button', { name: 'Keyboard shortcuts (?)' });
    await hint.focus();
    await expect.poll(() => hint.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await hint.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('leaves keys alone while typing in a field', async () => {
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await openCandidate(page, 'Otto Older');
    await page.getByRole('heading', { name: QUESTIONS[0] }).waitFor();
    const before = { status: await statusOf('Otto Older'), ratings: await ratingsOf('Otto Older') };

    // The answers' select: its own keys only.
    await answerSelect(page).focus();
    await page.keyboard.press('s');
    await page.keyboard.press('1');
    await page.keyboard.press('j');
    // C goes to the comment composer, where what is typed is the comment's.
    const composer = page.locator('#candidate-comment-input');
    await composer.waitFor();
    await focusPage(page);
    await page.keyboard.press('c');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('candidate-comment-input');
    expect(await composer.inputValue()).toBe('');
    await page.keyboard.type('s1 ur?j k[]');
    expect(await composer.inputValue()).toBe('s1 ur?j k[]');
    // Any other text field or editable region on the page: the same.
    await page.evaluate(() => {
      const field = document.createElement('textarea');
      field.setAttribute('aria-label', 'Notes');
      document.querySelector('.candidate-page__main')!.append(field);
      const editable = document.createElement('div');
      editable.contentEditable = 'true';
      editable.setAttribute('aria-label', 'Rich notes');
      document.querySelector('.candidate-page__main')!.append(editable);
    });
    const field = page.getByRole('textbox', { name: 'Notes', exact: true });
    await field.focus();
    await page.keyboard.type('s1 ur?j k[]');
    expect(await field.inputValue()).toBe('s1 ur?j k[]');
    const editable = page.locator('[aria-label="Rich notes"]');
    await editable.focus();
    await page.keyboard.type('s5r');
    expect(await editable.textContent()).toBe('s5r');
    // Ctrl or Alt with a shortcut's key is the browser's, not the review's.
    await focusPage(page);
    await page.keyboard.press('Alt+s');
    await page.keyboard.press('Control+1');

    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(page.url()).toContain(`/candidates/${ids.get('Otto Older')}`);
    expect(await page.getByRole('heading', { name: QUESTIONS[0] }).count()).toBe(1);
    expect(await statusOf('Otto Older')).toBe(before.status);
    expect(await ratingsOf('Otto Older')).toEqual(before.ratings);
    expect(await page.getByRole('button', { name: '1 of 5: Poor' }).getAttribute('aria-pressed')).toBe('false');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a visible focus ring on the page’s controls', async () => {
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await openCandidate(page, 'Nina Newer');
    await page.getByRole('heading', { name: QUESTIONS[0] }).waitFor();
    const ring = (control: Locator) =>
      control.evaluate((element) => {
        const style = getComputedStyle(element);
        return { outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`, shadow: style.boxShadow };
      });
    const controls = [
      page.getByRole('button', { name: 'Keyboard shortcuts (?)' }),
      page.getByRole('button', { name: 'Next candidate' }),
      page.getByRole('button', { name: 'Next answer' }),
      page.getByRole('button', { name: '3 of 5: Average' }),
      page.getByRole('button', { name: 'Reject' }),
      page.getByRole('button', { name: 'Share' }),
      answerSelect(page),
    ];
    await focusPage(page);
    await page.keyboard.press('x'); // keyboard modality (no shortcut): focus moved by script shows its ring
    for (const control of controls) {
      await focusPage(page);
      const unfocused = await ring(control);
      await control.focus();
      expect(await control.evaluate((element) => element.matches(':focus-visible'))).toBe(true);
      const focused = await ring(control);
      expect(focused.outline).toMatch(/^solid [1-9]/);
      expect(focused).not.toEqual(unfocused);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('still opens a linked answer at its second', async () => {
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    const second = (await candidateOf('Otto Older')).answers.find((a) => a.question_index === 1)!;
    await openCandidate(page, 'Otto Older', { answer: second.answer_id, at: 2 });
    await page.getByRole('heading', { name: QUESTIONS[1] }).waitFor();
    const video = page.getByLabel('Answer 2', { exact: true });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBe(2);
    // And the reviewer can move on from it.
    await focusPage(page);
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('heading', { name: QUESTIONS[0] }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
