import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import { call } from '../support/api';
import { mailTo, uniqueEmail } from '../support/accounts';
import { allocateCredits } from '../support/aws';
import { answerQuestion, interviewFixture, tokenFromHref } from '../support/interviews';
import { makeClip } from '../support/media';
import { expectAccessible } from './support/accessibility';
import { appUrl, trackErrors, useBrowser } from './support/browser';
import { signedInContext, signedInOwner } from './support/session';

/**
 * Comments on a candidate (issue 27) in the browser: a comment pinned to a moment of an answer
 * seeks the player there when its pin is clicked; an @mention (picked from the keyboard) mails the
 * member a link that opens the candidate at that moment; a member the position is not shared with
 * is neither offered nor accepted as a mention and cannot read the comments; the author edits and
 * deletes their own; a second tab follows along.
 */
const browser = useBrowser();
let owner: Awaited<ReturnType<typeof signedInOwner>> & { userId: string };
interface Member {
  email: string;
  sessionId: string;
  userId: string;
  context: BrowserContext;
}
let reviewer: Member;
let outsider: Member;
let positionId: string;
let candidateId: string;
const CANDIDATE = 'Mina Mentioned';
const QUESTIONS = ['Walk us through a project', 'What would you improve here?'];

const joinAsMember = async (label: string): Promise<Member> => {
  const email = uniqueEmail(label);
  expect((await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } })).status).toBe(201);
  const mail = (await mailTo(email)).find((m) => m.subject.startsWith("You're invited"));
  const nonce = /#\/invite\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')![1]!;
  const joined = await call('confirmMemberInvite', { body: { nonce } });
  expect(joined.status).toBe(201);
  const context = await signedInContext(browser, joined.body.session_id);
  return { email, sessionId: joined.body.session_id, userId: joined.body.user_id, context };
};

beforeAll(async () => {
  const signedIn = await signedInOwner(browser, 'Comment Studio');
  owner = { ...signedIn, userId: (await call('getMe', { session: signedIn.sessionId })).body.user.user_id };
  await allocateCredits(owner.companyId, 5);
  reviewer = await joinAsMember('reviewer');
  outsider = await joinAsMember('outsider');
  positionId = (
    await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Staff engineer', interview: interviewFixture({ questions: QUESTIONS }) },
    })
  ).body.position_id;
  const read = (await call('getPosition', { params: { positionId }, session: owner.sessionId })).body;
  const { position_id: _p, company_id: _c, current_status: _s, candidates: _n, created_at: _t, ...editable } = read;
  const shared = await call('updatePosition', {
    params: { positionId },
    session: owner.sessionId,
    body: { ...editable, sharing: { user_ids: [owner.userId, reviewer.userId] } },
  });
  expect(shared.status).toBe(200);

  const invited = await call('inviteCandidate', {
    params: { positionId },
    session: owner.sessionId,
    body: { candidate_name: CANDIDATE, email: null },
  });
  candidateId = invited.body.candidate_id;
  const clip = (await makeClip(6, 'the interesting part starts here after a few seconds of warming up.')).bytes;
  for (const index of QUESTIONS.keys()) await answerQuestion(tokenFromHref(invited.body.interview_href), index, clip);
  // (expect.poll works only inside a test: the pipeline is waited for by hand, as review.e2e does.)
  const deadline = Date.now() + 300_000;
  let ready = false;
  while (!ready && Date.now() < deadline) {
    const answers = (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body.answers as {
      video: { upload_status: string };
    }[];
    expect(answers.some((a) => a.video.upload_status === 'failed')).toBe(false);
    ready = answers.length === QUESTIONS.length && answers.every((a) => a.video.upload_status === 'ready');
    if (!ready) await new Promise((r) => setTimeout(r, 1000));
  }
  expect(ready).toBe(true);
}, 360_000);

const candidatePage = async (context: BrowserContext, to = paths.candidate.to(owner.companyId, positionId, candidateId)) => {
  const page = await context.newPage();
  const errors = trackErrors(page);
  await page.goto(to.startsWith('http') ? to : appUrl(to));
  await page.getByRole('heading', { name: CANDIDATE }).waitFor();
  await page.getByRole('region', { name: 'Comments' }).waitFor();
  return { page, errors };
};

/** axe once the page's transitions are over (a button just enabled fades from its disabled colours). */
const expectSettledAccessible = async (page: Page, label: string) => {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
  await expectAccessible(page, label);
};

const player = (page: Page, answer: number) => page.getByLabel(`Answer ${answer}`, { exact: true });
const timeOf = (page: Page, answer: number) => player(page, answer).evaluate((v: HTMLVideoElement) => v.currentTime);

describe('comments on a candidate', () => {
  it('pins a comment to a moment, mentions a teammate from the keyboard, and the pin seeks the player', async () => {
    const { page, errors } = await candidatePage(owner.context);
    // A second tab of the same candidate follows along.
    const other = await candidatePage(owner.context);
    const panel = page.getByRole('region', { name: 'Comments' });
    await panel.getByText('No comments yet', { exact: false }).waitFor();
    await expectSettledAccessible(page, 'candidate page: no comments yet');

    // Answer 2, three seconds in.
    await page.getByRole('button', { name: 'Next answer' }).click();
    await expect.poll(() => player(page, 2).evaluate((v: HTMLVideoElement) => (Number.isFinite(v.duration) ? v.duration : 0))).toBeGreaterThan(5);
    await player(page, 2).evaluate((v: HTMLVideoElement) => {
      v.currentTime = 3;
    });
    const pin = panel.getByRole('checkbox', { name: 'Pin to 0:03 of answer 2' });
    await pin.waitFor();

    // "@" offers the members who can see the position (not the outsider, not oneself).
    const input = panel.getByLabel('Comment', { exact: true });
    expect(await input.getAttribute('id')).toBe('candidate-comment-input');
    await input.click();
    await page.keyboard.type('Listen from here @');
    const picker = panel.getByRole('listbox', { name: 'Mention a team member' });
    await picker.waitFor();
    expect(await picker.getByRole('option').allInnerTexts()).toEqual([reviewer.email]);
    await expectSettledAccessible(page, 'comments: the mention picker open');
    await page.keyboard.type(reviewer.email.slice(0, 5));
    expect(await input.getAttribute('aria-activedescendant')).toBe(await picker.getByRole('option').first().getAttribute('id'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    expect(await input.inputValue()).toBe(`Listen from here @${reviewer.email} `);
    // Escape closes the picker and leaves the text as it is.
    await page.keyboard.type('and @');
    await picker.waitFor();
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    await page.keyboard.press('Backspace');
    await page.keyboard.type('please');
    // Amplify's checkbox draws its box over the input: the label toggles it, as a click would.
    await panel.getByText('Pin to 0:03 of answer 2').click();
    expect(await pin.isChecked()).toBe(true);
    await panel.getByRole('button', { name: 'Post comment' }).click();

    const comment = panel.getByRole('article', { name: `Comment by ${owner.email}` });
    await comment.waitFor();
    await comment.getByText(`Listen from here @${reviewer.email} and please`).waitFor();
    expect(await input.inputValue()).toBe('');
    const pinButton = comment.getByRole('button', { name: 'at 0:03 (answer 2)' });
    await pinButton.waitFor();
    await comment.getByRole('button', { name: 'Edit' }).waitFor();
    await expectSettledAccessible(page, 'comments: one pinned comment');

    // The other tab shows it without a reload.
    await other.page
      .getByRole('article', { name: `Comment by ${owner.email}` })
      .getByText('Listen from here')
      .waitFor();

    // Back to answer 1 at its start; the pin opens answer 2 at 0:03.
    await page.getByRole('button', { name: 'Previous answer' }).click();
    await player(page, 1).waitFor();
    await pinButton.click();
    await player(page, 2).waitFor();
    await expect.poll(() => timeOf(page, 2)).toBeGreaterThanOrEqual(3);
    expect(await timeOf(page, 2)).toBeLessThan(4);

    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
    await other.page.close();
    await page.close();
  });

  it('mails the mentioned member a link that opens the candidate at the pinned moment', async () => {
    let mail: { subject: string; text: string; html: string } | undefined;
    await expect
      .poll(async () => {
        mail = (await mailTo(reviewer.email)).find((m) => m.subject === `${owner.email} mentioned you on ${CANDIDATE}`);
        return Boolean(mail);
      })
      .toBe(true);
    expect(mail!.text).toContain('at 0:03 of answer 2');
    const link = /(http\S+\/candidates\/\S+)/.exec(mail!.text)?.[1];
    expect(link).toContain(`/candidates/${candidateId}?answer=`);
    expect(link).toMatch(/&at=3$/);
    // The author is not mailed about their own comment.
    expect((await mailTo(owner.email)).filter((m) => m.subject.includes('mentioned you'))).toEqual([]);

    const { page, errors } = await candidatePage(reviewer.context, link!);
    await player(page, 2).waitFor();
    await expect.poll(() => timeOf(page, 2)).toBeGreaterThanOrEqual(3);
    const comment = page.getByRole('article', { name: `Comment by ${owner.email}` });
    await comment.getByRole('button', { name: 'at 0:03 (answer 2)' }).waitFor();
    // Not theirs: no Edit or Delete.
    expect(await comment.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await comment.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await expectSettledAccessible(page, "comments: a teammate's comment");
    expect(errors).toEqual([]);
    await page.close();
  });

  it('neither offers nor accepts a member without access to the position, who cannot read the comments', async () => {
    const mentionable = await call('listMentionableMembers', { params: { candidateId }, session: owner.sessionId });
    expect(mentionable.body.members.map((m: { email: string }) => m.email)).not.toContain(outsider.email);
    const refused = await call('createComment', {
      params: { candidateId },
      session: owner.sessionId,
      body: { content: `@${outsider.email} have a look`, mentioned_user_ids: [outsider.userId] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('You can only mention team members who can see this position.');
    expect((await call('listComments', { params: { candidateId }, session: outsider.sessionId })).status).toBe(404);
    expect((await call('listMentionableMembers', { params: { candidateId }, session: outsider.sessionId })).status).toBe(404);
    expect((await mailTo(outsider.email)).filter((m) => m.subject.includes('mentioned you'))).toEqual([]);
  });

  it('puts what is typed straight after a mention picked with Enter right after the mention', async () => {
    const { page, errors } = await candidatePage(owner.context);
    const panel = page.getByRole('region', { name: 'Comments' });
    const input = panel.getByLabel('Comment', { exact: true });
    await input.click();
    await page.keyboard.type('have a look');
    // The mention goes before the text already there.
    await page.keyboard.press('Home');
    await page.keyboard.type(`@${reviewer.email.slice(0, 5)}`);
    const picker = panel.getByRole('listbox', { name: 'Mention a team member' });
    await picker.waitFor();
    // A fast typist: the next keys arrive before the browser draws another frame (animation frames
    // are held until they are typed; issue 43: the caret was put after the mention only in the next frame).
    await page.evaluate(() => {
      const held: FrameRequestCallback[] = [];
      const original = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => held.push(callback);
      (window as unknown as { releaseFrames: () => void }).releaseFrames = () => {
        window.requestAnimationFrame = original;
        for (const callback of held) original(callback);
      };
    });
    await page.keyboard.press('Enter');
    await page.keyboard.type('please ');
    await page.evaluate(() => (window as unknown as { releaseFrames: () => void }).releaseFrames());
    await picker.waitFor({ state: 'detached' });
    expect(await input.inputValue()).toBe(`@${reviewer.email} please have a look`);
    await expectSettledAccessible(page, 'comments: a mention typed on from');
    await input.fill('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lets the author edit and delete their own comment, deletion confirmed', async () => {
    const { page, errors } = await candidatePage(owner.context);
    const comment = page.getByRole('article', { name: `Comment by ${owner.email}` });
    await comment.getByRole('button', { name: 'Edit' }).click();
    const edit = comment.getByLabel('Edit comment');
    await edit.fill('Listen from here, the second half is stronger');
    await expectSettledAccessible(page, 'comments: editing');
    await comment.getByRole('button', { name: 'Save' }).click();
    await comment.getByText('Listen from here, the second half is stronger').waitFor();
    await comment.getByText('edited', { exact: true }).waitFor();

    await comment.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this comment?' });
    await dialog.waitFor();
    await expectSettledAccessible(page, 'comments: delete confirmation');
    await dialog.getByRole('button', { name: 'Delete comment' }).click();
    await comment.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Comments' }).getByText('No comments yet', { exact: false }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
