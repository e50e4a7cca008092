import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { paths } from '../../lambdas/contracts/app-paths';
import { call } from '../support/api';
import { allocateCredits } from '../support/aws';
import { interviewFixture } from '../support/interviews';
import { makeSpeech } from '../support/media';
import { expectAccessible } from './support/accessibility';
import { appUrl, trackErrors, useBrowser } from './support/browser';
import { recordFor } from './support/recording';
import { signedInOwner } from './support/session';

/**
 * Grounded summaries in the browser (issue 41): the owner switches them on in Company settings →
 * Summaries (off by default, the tab saying what is sent where); a candidate, told on the welcome
 * screen that their answers will be summarised, answers through Chromium's fake microphone, which
 * plays flite's reading of MIC in a loop; the local pipeline transcribes it (pocketsphinx) and the
 * Bedrock stand-in writes its extractive summary. The reviewer sees points labelled machine-written
 * quoting words of that sentence, "Check the answer" plays the answer from the cited second, and
 * "Hide summaries" hides them, still hidden after a reload. The share page shows them once the owner
 * lets it. axe on each screen.
 */
const MIC = 'my favourite project was a weather station for the school garden.';
/** Words of MIC the recognizer hears right (the answer-search e2e finds "weather station" in the same reading). */
const HEARD = ['favourite', 'project', 'weather', 'station', 'school', 'garden'];
const QUESTION = 'What would you build?';
const browser = useBrowser(async () => [`--use-file-for-fake-audio-capture=${await makeSpeech(MIC)}`]);
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let positionId: string;

interface WirePoint {
  second: number;
  quote: string;
  text: string;
}

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s']/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** Waits until the player has the time: playing, within a second of `second`. */
const expectPlayingNear = async (video: Locator, second: number) => {
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => ({ paused: v.paused, at: v.currentTime })), { timeout: 15_000 })
    .toMatchObject({ paused: false });
  const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  expect(Math.abs(at - second)).toBeLessThan(1);
};

const openSummariesTab = async (page: Page): Promise<Locator> => {
  await page.getByRole('button', { name: 'Company settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Company settings' });
  await dialog.getByRole('tab', { name: 'Summaries', exact: true }).click();
  await dialog.getByRole('heading', { name: 'Summaries', level: 3 }).waitFor();
  return dialog;
};

beforeAll(async () => {
  owner = await signedInOwner(browser, 'Summary Studio');
  await allocateCredits(owner.companyId, 3);
  positionId = (
    await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: {
        job_title: 'Gardener',
        interview: interviewFixture({ questions: [QUESTION], pacing: { thinking_time: null, answer_time: 60, retakes: 0 } }),
      },
    })
  ).body.position_id;
}, 120_000);

describe('grounded summaries', () => {
  it('the owner switches them on, a candidate is told, and the reviewer checks a point against the answer, then hides them', async () => {
    // Off by default.
    const before = await call('getCompany', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect(before.body.summaries).toEqual({ enabled: false, show_on_share_page: false });

    // The owner switches summaries on in Company settings → Summaries.
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.company.to(owner.companyId)));
    await page.getByTestId('company-name').waitFor();
    const dialog = await openSummariesTab(page);
    expect(await dialog.getByTestId('summaries-sent-where').innerText()).toContain('sent to Amazon Bedrock');
    const on = dialog.getByRole('switch', { name: 'Write summaries of answers' });
    expect(await on.isChecked()).toBe(false);
    await expectAccessible(page, 'company settings: summaries, off');
    await on.focus();
    await page.keyboard.press('Space');
    expect(await on.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Summaries setting saved.').waitFor();
    await dialog.getByTestId('summaries-usage').waitFor();
    await expectAccessible(page, 'company settings: summaries, on');
    const after = await call('getCompany', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect(after.body.summaries).toEqual({ enabled: true, show_on_share_page: false });
    await page.keyboard.press('Escape');

    // A candidate is told on the welcome screen, then answers into the fake microphone.
    const invited = await call('inviteCandidate', {
      params: { positionId },
      session: owner.sessionId,
      body: { candidate_name: 'Sam Summary', email: null },
    });
    expect(invited.status).toBe(201);
    const candidateId = invited.body.candidate_id as string;
    const context = await browser.newContext();
    const candidate = await context.newPage();
    const candidateErrors = trackErrors(candidate);
    await candidate.goto(invited.body.interview_href);
    const notice = candidate.getByTestId('summaries-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('summarised by an AI model');
    expect(await candidate.getByTestId('privacy-note').innerText()).toContain('a person makes every decision');
    await expectAccessible(candidate, 'welcome screen telling the candidate about summaries');
    await candidate.getByRole('button', { name: 'Start the interview' }).click();
    await candidate.getByRole('button', { name: 'Turn on camera and microphone' }).click();
    await candidate.getByLabel('Camera preview').waitFor();
    await candidate.getByRole('button', { name: 'Continue' }).click();
    await candidate.getByRole('button', { name: 'Start recording' }).click();
    await recordFor(candidate, 12);
    await candidate.getByRole('button', { name: 'Stop recording' }).click();
    await candidate.getByRole('button', { name: 'Submit answer' }).click();
    await candidate.getByRole('heading', { name: 'Your interview is complete' }).waitFor({ timeout: 30_000 });
    expect(candidateErrors).toEqual([]);
    await context.close();

    // Processed, transcribed and summarised by the local pipeline.
    const summaryOf = async () => {
      const res = await call('getCandidate', { params: { candidateId }, session: owner.sessionId });
      return (res.body.answers?.[0]?.summary ?? null) as { status: string; points: WirePoint[]; machine_written: boolean } | null;
    };
    await expect.poll(async () => (await summaryOf())?.status ?? 'none', { timeout: 300_000, interval: 1000 }).toBe('ready');
    const summary = (await summaryOf())!;
    expect(summary.machine_written).toBe(true);
    expect(summary.points.length).toBeGreaterThanOrEqual(1);
    // A point quoting words of the sentence said (as the recognizer heard them).
    const index = summary.points.findIndex((p) => normalise(p.quote).some((w) => HEARD.includes(w)));
    expect(index, JSON.stringify(summary.points)).toBeGreaterThanOrEqual(0);
    const point = summary.points[index]!;

    // The reviewer reads it on the candidate's page, labelled machine-written.
    await page.goto(appUrl(paths.candidate.to(owner.companyId, positionId, candidateId)));
    await page.getByRole('heading', { name: QUESTION }).waitFor();
    const block = page.getByRole('region', { name: 'Machine-written summary' });
    await block.waitFor();
    expect(await block.innerText()).toContain('Machine-written');
    const items = block.getByRole('listitem');
    expect(await items.count()).toBe(summary.points.length);
    const shown = items.nth(index);
    expect(await shown.innerText()).toContain(`“${point.quote}”`);
    expect(await shown.innerText()).toContain(point.text);
    await expectAccessible(page, 'candidate page with a summary');

    // "Check the answer" plays the answer from the cited second.
    const time = `${Math.floor(point.second / 60)}:${String(Math.floor(point.second) % 60).padStart(2, '0')}`;
    const check = shown.getByRole('button', { name: `Check the answer at ${time}` });
    await check.click();
    const video = page.getByLabel('Answer 1', { exact: true });
    await expectPlayingNear(video, point.second);
    await video.evaluate((v: HTMLVideoElement) => v.pause());

    // The reviewer hides summaries for themselves: gone now, and after a reload.
    const hide = page.getByRole('switch', { name: 'Hide summaries' });
    await hide.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => block.count()).toBe(0);
    await expect
      // The local stack bundles each function on its first call: on a loaded machine that takes a while.
      .poll(async () => (await call('getMe', { session: owner.sessionId })).body.preferences, { timeout: 60_000, interval: 1000 })
      .toEqual({ hide_summaries: true });
    await page.reload();
    await page.getByRole('heading', { name: QUESTION }).waitFor();
    await page.getByRole('switch', { name: 'Hide summaries' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Hide summaries' }).isChecked()).toBe(true);
    expect(await page.getByRole('region', { name: 'Machine-written summary' }).count()).toBe(0);
    expect(await page.getByText('Overview (machine-written)').count()).toBe(0);
    await expectAccessible(page, 'candidate page with summaries hidden');
    expect(errors).toEqual([]);
    await page.close();

    // The share page shows them only once the owner lets it (the reviewer's own hiding is not the visitor's).
    const { body: shared } = await call('createSharingDetails', { params: { candidateId }, session: owner.sessionId });
    const visitor = await browser.newContext();
    const publicPage = await visitor.newPage();
    const publicErrors = trackErrors(publicPage);
    await publicPage.goto(appUrl(paths.publicCandidate.to(shared.public_candidate_id)));
    await publicPage.getByRole('heading', { name: QUESTION }).waitFor();
    await publicPage.getByRole('region', { name: 'Transcript' }).waitFor();
    expect(await publicPage.getByRole('region', { name: 'Machine-written summary' }).count()).toBe(0);
    const showShared = await call('putSummaries', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { enabled: true, show_on_share_page: true },
    });
    expect(showShared.status).toBe(200);
    await publicPage.reload();
    const publicBlock = publicPage.getByRole('region', { name: 'Machine-written summary' });
    await publicBlock.waitFor();
    expect(await publicBlock.getByRole('listitem').nth(index).innerText()).toContain(`“${point.quote}”`);
    await expectAccessible(publicPage, 'share page with a summary');
    await publicBlock
      .getByRole('listitem')
      .nth(index)
      .getByRole('button', { name: `Check the answer at ${time}` })
      .click();
    await expectPlayingNear(publicPage.locator('video[aria-label="Answer 1"]'), point.second);
    expect(publicErrors).toEqual([]);
    await visitor.close();
  }, 480_000);
});
