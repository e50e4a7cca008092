import { describe, expect, it } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import { call } from '../support/api';
import { interviewFixture, seedAnswerSpecs, tokenFromHref } from '../support/interviews';
import { expectAccessible } from './support/accessibility';
import { appUrl, trackErrors, useBrowser } from './support/browser';
import { signedInOwner } from './support/session';

/**
 * Issue 39, the team's side of the answers that are not recordings: the candidate page shows a text
 * as written (markup in it is text), the options of a choice question with those picked checked and
 * a knockout named, and a file with its type, size, a picture's preview and a Download link; a text
 * answer is rated; the header and the position's card say why the candidate was knocked out; the
 * public page of the shared candidate shows the same forms. The types are not offered to teams yet,
 * so the position is seeded (seedAnswerSpecs) and the candidate answers through the API.
 */
const browser = useBrowser();

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==', 'base64');
const TEXT = 'I would <b>start</b> with tests.\nThen ship.';

describe('the team reads every answer type (issue 39)', () => {
  it('shows text, choices, a knockout and a file on the candidate page, the list and the public page', async () => {
    const owner = await signedInOwner(browser, 'Answer Views E2E Co');
    const { body: position } = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: {
        job_title: 'Courier',
        interview: interviewFixture({ questions: ['How would you start?', 'Can you start within a month?', 'Which licences do you hold?', 'A photo of your licence'] }),
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
    await page.getByRole('button', { name: '4 of 5: Good' }).click();
    await expect.poll(() => page.getByRole('button', { name: '4 of 5: Good' }).getAttribute('aria-pressed')).toBe('true');

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
    await expectAccessible(publicPage, 'public page with every form');
    await visitor.close();
    await owner.context.close();
  });
});
