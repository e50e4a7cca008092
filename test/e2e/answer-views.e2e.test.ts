import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import { call } from '../support/api';
import { interviewFixture, seedAnswerSpecs, startAnswer, tokenFromHref, uploadParts } from '../support/interviews';
import { expectAccessible } from './support/accessibility';
import { appUrl, trackErrors, useBrowser } from './support/browser';
import { signedInOwner } from './support/session';

/**
 * Issue 39, the team's side of the answers that are not recordings: the candidate page shows a text
 * as written (markup in it is text), the options of a choice question with those picked checked and
 * a knockout named, a file with its type, size, a picture's preview and a Download link, and an
 * audio answer in an audio player with its captions track and transcript; a text answer is rated; the header and the position's card say why the candidate was knocked out; the
 * public page of the shared candidate shows the same forms. The position is seeded (seedAnswerSpecs;
 * the wizard builds one in answer-types.e2e) and the candidate answers through the API.
 */
const browser = useBrowser();

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==', 'base64');
const TEXT = 'I would <b>start</b> with tests.\nThen ship.';

/** A spoken clip in WebM (Opus), as the audio recorder sends it. */
const audioClip = async (seconds: number, text: string) => {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'audio-view-')), 'clip.webm');
  await promisify(execFile)('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `flite=text='${text}':voice=slt`],
    ...['-af', `apad=whole_dur=${seconds}`, '-t', String(seconds), '-c:a', 'libopus', '-b:a', '32k', file],
  ]);
  return readFile(file);
};

describe('the team reads every answer type (issue 39)', () => {
  it('shows text, choices, a knockout and a file on the candidate page, the list and the public page', async () => {
    const owner = await signedInOwner(browser, 'Answer Views E2E Co');
    const { body: position } = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: {
        job_title: 'Courier',
        interview: interviewFixture({ questions: ['How would you start?', 'Can you start within a month?', 'Which licences do you hold?', 'A photo of your licence', 'Say hello'] }),
      },
    });
    const positionId = position.position_id as string;
    await seedAnswerSpecs(
      positionId,
      [
        { answerType: 'text', minWords: null, maxWords: null },
        {
          answerType: 'single_choice',
          options: [
            { optionId: 'yes', label: 'Yes', knockout: false },
            { optionId: 'no', label: 'No', knockout: false },
          ],
        },
        {
          answerType: 'multiple_choice',
          options: [
            { optionId: 'car', label: 'Car', knockout: false },
            { optionId: 'none', label: 'None', knockout: true },
          ],
          minPicked: 1,
          maxPicked: null,
        },
        { answerType: 'file' },
        { answerType: 'audio' },
      ],
      { action: 'flag', message: 'Thank you.' },
    );
    const { body: invited } = await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: 'Kim Knocked', email: null } });
    const candidateId = invited.candidate_id as string;
    const token = tokenFromHref(invited.interview_href);
    await call('submitTypedAnswer', { params: { token, questionIndex: 0 }, body: { text: TEXT } });
    await call('submitTypedAnswer', { params: { token, questionIndex: 1 }, body: { option_ids: ['yes'] } });
    await call('submitTypedAnswer', { params: { token, questionIndex: 2 }, body: { option_ids: ['car', 'none'] } });
    const { body: file } = await call('startFileAnswer', { params: { token, questionIndex: 3 }, body: { file_name: 'licence.png', size: png.length } });
    await fetch(file.upload_url, { method: 'PUT', headers: { 'content-type': file.upload_content_type }, body: png });
    expect((await call('submitAnswer', { params: { token, answerId: file.answer_id }, body: { uploaded: 'file' } })).status).toBe(200);
    const { body: take } = await startAnswer(token, 4, 'audio/webm');
    const parts = await uploadParts(token, take.answer_id, await audioClip(3, 'hello i like to drive'), take.min_part_bytes);
    expect((await call('submitAnswer', { params: { token, answerId: take.answer_id }, body: { parts } })).status).toBe(200);
    // The audio through the local pipeline: ready with its captions and transcript.
    await expect
      .poll(
        async () => {
          const { body } = await call('getCandidate', { params: { candidateId }, session: owner.sessionId });
          const audio = body.answers.find((a) => a.answer_type === 'audio');
          return audio?.video ? `${audio.video.upload_status}/${audio.video.captions.captions_status}` : null;
        },
        { timeout: 240_000, interval: 1000 },
      )
      .toBe('ready/ready');

    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.candidate.to(owner.companyId, positionId, candidateId)));
    // Why they were knocked out, in words, in the header.
    await page.getByTestId('knockout').getByText('Knocked out on question 3: None.').waitFor();

    // Text: as written, markup and line break included, with its length; rated like any answer.
    const answers = page.getByRole('region', { name: 'Answers' });
    await expect.poll(() => answers.getByTestId('text-answer').textContent()).toBe(TEXT);
    await answers.getByText('9 words').waitFor();
    expect(await answers.locator('b').count()).toBe(0);
    await expectAccessible(page, 'text answer');
    // No player on a text answer: the review shortcut for playing does nothing (and breaks nothing).
    await page.keyboard.press(' ');
    await page.getByRole('button', { name: '4 of 5: Good' }).click();
    await expect.poll(() => page.getByRole('button', { name: '4 of 5: Good' }).getAttribute('aria-pressed')).toBe('true');
    // A comment pinned to it: to the answer, at no moment (it has no recording).
    await page.getByLabel('Comment', { exact: true }).fill('A clear plan');
    await page.getByText('Pin to answer 1', { exact: true }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Pin to answer 1' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Post comment' }).click();
    await page.getByRole('button', { name: 'on answer 1' }).waitFor();

    // Single choice: every option, the picked one checked and said to be.
    await page.getByRole('button', { name: 'Next answer' }).click();
    const single = answers.getByRole('list', { name: 'Answer 2: options' });
    await expect.poll(() => single.getByRole('listitem').allTextContents()).toEqual(['✓Yes (picked)', 'No']);
    await expectAccessible(page, 'single choice answer');

    // Multiple choice: the knockout option picked is named.
    await page.getByRole('button', { name: 'Next answer' }).click();
    const multiple = answers.getByRole('list', { name: 'Answer 3: options' });
    await expect.poll(() => multiple.getByRole('listitem').allTextContents()).toEqual(['✓Car (picked)', '✓None (picked)Knockout']);

    // File: name, type, size, the picture previewed, and a link that downloads it.
    await page.getByRole('button', { name: 'Next answer' }).click();
    await answers.getByText('PNG image', { exact: true }).waitFor();
    await answers.getByText(`${png.length} bytes`, { exact: true }).waitFor();
    const download = answers.getByRole('link', { name: /^Download licence\.png/ });
    const href = await download.getAttribute('href');
    expect(href).toBeTruthy();
    await expect.poll(() => answers.getByRole('img', { name: 'Preview of licence.png' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await expectAccessible(page, 'file answer');
    const served = await fetch(href!);
    expect(served.headers.get('content-disposition')).toBe('attachment; filename="licence.png"');
    expect(served.headers.get('content-type')).toBe('image/png');

    // Audio: an audio player (no picture) with the captions track, and the transcript that seeks it.
    await page.getByRole('button', { name: 'Next answer' }).click();
    const audio = answers.locator('audio[aria-label="Answer 5"]');
    await audio.waitFor();
    expect(await answers.locator('video').count()).toBe(0);
    await expect.poll(() => audio.locator('track[kind="captions"]').count()).toBe(1);
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState >= 1 && a.duration > 2)).toBe(true);
    const transcript = answers.getByRole('region', { name: 'Transcript' });
    await transcript.getByRole('listitem').first().waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'audio answer');
    const last = transcript.getByRole('button', { name: /^Play from / }).last();
    await last.click();
    const seconds = Number(/(\d+):(\d+)/.exec((await last.getAttribute('aria-label')) ?? '')?.[2] ?? 0);
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => Math.floor(a.currentTime))).toBe(seconds);
    // The review shortcut plays and pauses it as it does a video.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press(' ');
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
    await page.keyboard.press(' ');
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);

    // Asked more than videos: the package is of answers, and is made.
    const exporting = page.getByRole('region', { name: 'Export answers' });
    await exporting.getByRole('button', { name: 'Export answers' }).click();
    await exporting.getByRole('link', { name: 'Download package' }).waitFor({ timeout: 120_000 });

    // The position's list: the card says "Knocked out" and why.
    await page.goto(appUrl(paths.position.to(owner.companyId, positionId, { view: 'candidates', tab: 'responded' })));
    const card = page.getByRole('article', { name: 'Kim Knocked' });
    await card.getByText('Knocked out', { exact: true }).waitFor();
    await card.getByText('Knocked out on question 3: None.').waitFor();
    await expectAccessible(page, 'candidate list with a knockout');
    expect(errors).toEqual([]);

    // The public page of the shared candidate: the same forms, to anyone with the link.
    const { body: shared } = await call('createSharingDetails', { params: { candidateId }, session: owner.sessionId });
    const visitor = await browser.newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto(appUrl(paths.publicCandidate.to(shared.public_candidate_id)));
    await expect.poll(() => publicPage.getByTestId('text-answer').textContent()).toBe(TEXT);
    await publicPage.getByRole('list', { name: 'Answer 3: options' }).getByText('Knockout').waitFor();
    await publicPage.getByRole('link', { name: /^Download licence\.png/ }).waitFor();
    await publicPage.locator('audio[aria-label="Answer 5"]').waitFor();
    await publicPage.getByRole('region', { name: 'Transcript' }).getByRole('listitem').first().waitFor();
    await expectAccessible(publicPage, 'public page with every form');
    await visitor.close();
    await owner.context.close();
  });
});
