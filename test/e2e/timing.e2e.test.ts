import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import { mailTo, uniqueEmail } from '../support/accounts';
import { call } from '../support/api';
import { interviewFixture } from '../support/interviews';
import { makeClip } from '../support/media';
import { expectAccessible } from './support/accessibility';
import { appUrl, trackErrors, useBrowser } from './support/browser';
import { signedInOwner } from './support/session';

/**
 * Issue 25 "Every candidate can finish", the hiring team's side: a candidate invited with time
 * limits off records past the position's answer time; a candidate's request for double time
 * reaches the team by e-mail and is granted on the candidate page, and the candidate hears so by e-mail; the apply link's default and
 * the self-service setting are saved from the position's settings; question videos name the state
 * of their captions.
 */
const browser = useBrowser();

beforeAll(() => {
  // A screen's first call of a function meets a cold worker (seconds on a busy machine).
  vi.setConfig({ expect: { poll: { timeout: 20_000, interval: 200 } } });
});

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

const createPosition = async (owner: Owner, jobTitle: string, interview: ReturnType<typeof interviewFixture>) => {
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: jobTitle, interview },
  });
  expect(created.status).toBe(201);
  return created.body.position_id as string;
};

/** The seconds the recording clock shows ("0:18", or "0:18 / 0:30" with a limit); -1 before it shows. */
const recordedSeconds = async (page: Page) => {
  const match = /(\d+):(\d\d)/.exec((await page.getByRole('timer', { name: 'Recording time' }).textContent()) ?? '');
  return match ? Number(match[1]) * 60 + Number(match[2]) : -1;
};

/** The welcome page's pacing list, as the candidate reads it. */
const pacingShown = (page: Page) => page.getByRole('list', { name: 'Pacing' }).innerText();

describe('adjusted timing, the team side', () => {
  it('invites a candidate with time limits off, who answers past the answer time; the team sees the adjusted timing and the long answer', async () => {
    const owner = await signedInOwner(browser, 'Unhurried Co');
    const question = 'Walk us through your last project';
    const positionId = await createPosition(
      owner,
      'Archivist',
      interviewFixture({ questions: [question], pacing: { thinking_time: 15, answer_time: 15, retakes: 0 } }),
    );

    // The invite dialog: timing folded away, then time limits off.
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.position.to(owner.companyId, positionId)));
    await page.getByText('Sent an interview to complete').waitFor();
    await page.getByRole('button', { name: 'Invite candidate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite candidate' });
    const fold = dialog.locator('summary', { hasText: 'Adjust timing (accommodations)' });
    await fold.waitFor();
    expect(await dialog.getByLabel('Time limits off').isVisible()).toBe(false);
    await dialog.getByLabel('Full name').fill('Ruth Patient');
    await dialog.getByText('Send email invite').click();
    await fold.click();
    const summary = dialog.getByTestId('timing-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toBe('Candidate gets: Thinking time 0:15, answers up to 0:15, no retakes');
    await expectAccessible(page, 'invite dialog, timing unfolded');
    await dialog.getByLabel('More time').selectOption({ label: '×2' });
    await expect.poll(() => summary.innerText()).toBe('Candidate gets: Thinking time 0:30, answers up to 0:30, no retakes');
    await dialog.getByText('Time limits off', { exact: true }).click();
    expect(await dialog.getByLabel('Time limits off').isChecked()).toBe(true);
    expect(await dialog.getByLabel('More time').isDisabled()).toBe(true);
    expect(await dialog.getByLabel('More time').inputValue()).toBe('1');
    await expect.poll(() => summary.innerText()).toBe('Candidate gets: No time limits: no thinking countdown, answers of any length, no retakes');
    await dialog.getByText('Adjusted', { exact: true }).waitFor(); // named on the fold too
    await expectAccessible(page, 'invite dialog, time limits off');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const link = await dialog.getByLabel('Interview link').inputValue();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const card = page.getByRole('article', { name: 'Ruth Patient' });
    await card.getByText('Adjusted timing').waitFor();
    await expectAccessible(page, 'position: an invited candidate with adjusted timing');
    const { candidates } = (await call('listCandidates', { params: { positionId }, session: owner.sessionId })).body;
    expect(candidates).toHaveLength(1);
    const candidateId = candidates[0].candidate_id as string;
    const invited = (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body;
    expect(invited.timing).toEqual({ time_limits_off: true, time_multiplier: 1, extra_retakes: 0 });

    // The candidate: no limit on the welcome page nor on the recording clock; 18 seconds recorded.
    const candidate = await browser.newContext();
    const interview = await candidate.newPage();
    const candidateErrors = trackErrors(interview);
    await interview.goto(link);
    await interview.getByRole('heading', { name: 'Welcome, Ruth Patient' }).waitFor();
    expect(await pacingShown(interview)).toContain('Longest answer: no limit');
    await interview.getByRole('button', { name: 'Start the interview' }).click();
    await interview.getByRole('button', { name: 'Turn on camera and microphone' }).click();
    await interview.getByLabel('Camera preview').waitFor();
    await interview.getByRole('button', { name: 'Continue' }).click();
    await interview.getByRole('heading', { name: question }).waitFor();
    await interview.getByRole('button', { name: 'Start recording' }).click();
    await interview.getByRole('timer', { name: 'Recording time' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => recordedSeconds(interview), { timeout: 60_000 }).toBeGreaterThanOrEqual(18);
    expect(await interview.getByRole('timer', { name: 'Recording time' }).textContent()).not.toContain('/'); // no limit shown
    await interview.getByRole('button', { name: 'Stop recording' }).click();
    await interview.getByRole('button', { name: 'Submit answer' }).click();
    await interview.getByRole('heading', { name: 'Your interview is complete' }).waitFor({ timeout: 60_000 });
    expect(candidateErrors).toEqual([]);
    await candidate.close();

    // The team: the answer is processed, longer than the position's 15 seconds, under an "Adjusted timing" label.
    await expect
      .poll(
        async () => {
          const video = (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body.answers?.[0]?.video;
          return video?.upload_status ?? 'no answer';
        },
        { timeout: 240_000, interval: 1000 },
      )
      .toBe('ready');
    await page.goto(appUrl(paths.candidate.to(owner.companyId, positionId, candidateId)));
    await page.getByRole('heading', { name: question }).waitFor();
    const label = page.getByRole('region', { name: 'Candidate' }).getByText('Adjusted timing', { exact: true });
    await label.waitFor();
    const timing = page.getByRole('region', { name: 'Timing', exact: true });
    await timing.getByText('Time limits off', { exact: true }).waitFor();
    await timing.getByText('No time limits: no thinking countdown, answers of any length, no retakes').waitFor();
    const video = page.getByLabel('Answer 1', { exact: true });
    await video.waitFor();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => (Number.isFinite(v.duration) ? v.duration : 0))).toBeGreaterThan(15);
    await expectAccessible(page, 'candidate page: adjusted timing, a long answer');
    expect(errors).toEqual([]);
    await owner.context.close();
  }, 420_000);

  it('sends a request for double time to the team, who grant it on the candidate page; the candidate then sees the doubled time', async () => {
    const owner = await signedInOwner(browser, 'Asking Co');
    const positionId = await createPosition(
      owner,
      'Translator',
      interviewFixture({ questions: ['Why translation?'], pacing: { thinking_time: 30, answer_time: 30, retakes: 0 } }),
    );

    // Settings: candidates may not choose themselves; the apply link gets ×1.5 and a retake.
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.position.to(owner.companyId, positionId, { view: 'settings' })));
    const selfService = page.getByLabel('Candidates may ask for no time limit or double time themselves');
    await selfService.waitFor();
    expect(await selfService.isChecked()).toBe(true); // the default
    await page.getByText('Candidates may ask for no time limit or double time themselves').click();
    expect(await selfService.isChecked()).toBe(false);
    await page.getByText('Candidates can apply through a public link').click();
    const applyTiming = page.getByRole('group', { name: 'Timing for candidates who apply through the link' });
    await applyTiming.waitFor();
    await applyTiming.getByLabel('More time').selectOption({ label: '×1.5' });
    await applyTiming.getByLabel('Extra retakes').selectOption({ label: '+1' });
    await applyTiming.getByText('Candidate gets: Thinking time 0:45, answers up to 0:45, 1 retake').waitFor();
    await expectAccessible(page, 'position settings: candidate timing');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/view=candidates/);
    expect((await call('getPosition', { params: { positionId }, session: owner.sessionId })).body.candidate_timing).toEqual({
      self_service: false,
      apply_link_default: { time_limits_off: false, time_multiplier: 1.5, extra_retakes: 1 },
    });

    // The candidate asks for double time on the welcome page.
    const omarEmail = uniqueEmail('omar');
    const invited = await call('inviteCandidate', {
      params: { positionId },
      session: owner.sessionId,
      body: { candidate_name: 'Omar Careful', email: omarEmail },
    });
    expect(invited.status).toBe(201);
    const candidateId = invited.body.candidate_id as string;
    const candidate = await browser.newContext();
    const interview = await candidate.newPage();
    const candidateErrors = trackErrors(interview);
    await interview.goto(invited.body.interview_href as string);
    await interview.getByRole('heading', { name: 'Welcome, Omar Careful' }).waitFor();
    expect(await pacingShown(interview)).toContain('Longest answer: 30 seconds');
    await interview.getByRole('button', { name: 'Need more time or no timer?' }).click();
    await interview.getByRole('button', { name: 'Double time' }).click();
    await interview.getByText(/^Your request has been sent\./).waitFor();

    // The notified member's e-mail names the candidate and links to their page.
    await expect.poll(async () => (await mailTo(owner.email)).filter((m) => m.subject === 'Omar Careful asks for more time').length).toBe(1);
    const mail = (await mailTo(owner.email)).find((m) => m.subject === 'Omar Careful asks for more time')!;
    expect(mail.text).toContain('double time');
    const candidateLink = /(http\S+#\/companies\/\S+)/.exec(mail.text)?.[1];
    expect(candidateLink).toBe(appUrl(paths.candidate.to(owner.companyId, positionId, candidateId)));

    // The candidate page: the request, granted in one click.
    await page.goto(candidateLink!);
    const timing = page.getByRole('region', { name: 'Timing', exact: true });
    const request = page.getByRole('region', { name: 'Timing request' });
    const today = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date());
    await request.getByText(`Omar Careful asked for double time on ${today}.`).waitFor();
    expect(await timing.getByText('Standard timing', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Candidate' }).getByText('Adjusted timing', { exact: true }).count()).toBe(0);
    await expectAccessible(page, 'candidate page: a pending request');
    await request.getByRole('button', { name: 'Grant' }).click();
    await page.getByRole('region', { name: 'Candidate' }).getByText('Adjusted timing', { exact: true }).waitFor();
    await timing.getByText('×2 time', { exact: true }).waitFor();
    await timing.getByText('Thinking time 1:00, answers up to 1:00, no retakes').waitFor();
    await page.getByText("Omar Careful's request is granted.").waitFor();
    expect(await request.count()).toBe(0);
    const saved = (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body;
    expect(saved).toMatchObject({
      timing: { time_limits_off: false, time_multiplier: 2, extra_retakes: 0 },
      timing_adjusted: true,
      timing_request: null,
    });
    await expectAccessible(page, 'candidate page: the request granted');

    // The candidate is told by e-mail (issue 43), and its link opens the interview with the doubled answer time.
    const answerSubject = 'Your request for double time is granted: Translator at Asking Co';
    await expect.poll(async () => (await mailTo(omarEmail)).filter((m) => m.subject === answerSubject).length).toBe(1);
    const answer = (await mailTo(omarEmail)).find((m) => m.subject === answerSubject)!;
    expect(answer.text).toContain('Asking Co has granted your request for double time');
    const interviewLink = /Open your interview: (\S+)/.exec(answer.text)?.[1];
    expect(interviewLink).toBe(invited.body.interview_href);
    // (A page of its own: the same address again in the open tab would only be a fragment navigation.)
    const fromMail = await candidate.newPage();
    const fromMailErrors = trackErrors(fromMail);
    await fromMail.goto(interviewLink!);
    await fromMail.getByRole('heading', { name: 'Welcome, Omar Careful' }).waitFor();
    expect(await pacingShown(fromMail)).toContain('Longest answer: 1 minute');
    expect(candidateErrors).toEqual([]);
    expect(fromMailErrors).toEqual([]);
    await candidate.close();

    // "Change timing" sets any adjustment: an extra retake on top.
    await timing.getByRole('button', { name: 'Change timing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Timing for Omar Careful' });
    expect(await dialog.getByLabel('More time').inputValue()).toBe('2');
    await dialog.getByLabel('Extra retakes').selectOption({ label: '+1' });
    await dialog.getByText('Candidate gets: Thinking time 1:00, answers up to 1:00, 1 retake').waitFor();
    await expectAccessible(page, 'candidate page: the timing dialog');
    await dialog.getByRole('button', { name: 'Save timing' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await timing.getByText('×2 time, +1 retake', { exact: true }).waitFor();
    expect((await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body.timing).toEqual({
      time_limits_off: false,
      time_multiplier: 2,
      extra_retakes: 1,
    });
    expect(errors).toEqual([]);
    await owner.context.close();
  }, 300_000);

  it("names each question video's captions state in the question editor", async () => {
    const owner = await signedInOwner(browser, 'Captioned Co');
    const clip = (await makeClip(3, 'what would you do in your first week')).bytes;
    const videoGroupId = `g-${Date.now()}`;
    const upload = await call('createUserMediaUpload', {
      session: owner.sessionId,
      body: { media_group_id: videoGroupId, content_type: 'video/webm', properties: { company_id: owner.companyId, size: clip.length } },
    });
    expect(upload.status).toBe(201);
    await fetch(upload.body.upload_url, { method: 'PUT', headers: { 'content-type': 'video/webm' }, body: Buffer.from(clip) });
    await call('completeMediaUploads', { query: { transcoder: 'default' }, session: owner.sessionId, body: { media_ids: [upload.body.media_id] } });
    const positionId = await createPosition(
      owner,
      'Planner',
      interviewFixture({ questions: [{ video_group_id: videoGroupId }, 'Anything else?'], pacing: { answer_time: 60 } }),
    );
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.position.to(owner.companyId, positionId, { view: 'questions' })));
    const first = page.getByRole('region', { name: 'Question 1' });
    // "Processing..." (and "Captioning..." while captions come after the video), then the video and its captions.
    await first.getByLabel('Video of question 1', { exact: true }).waitFor({ timeout: 180_000 });
    const captions = first.getByRole('status', { name: 'Video of question 1: captions' });
    await expect.poll(() => captions.innerText(), { timeout: 180_000 }).toBe('Captions ready');
    const group = (await call('getMediaUploadGroups', { params: { mediaGroupIds: videoGroupId }, session: owner.sessionId })).body
      .media_upload_groups[0];
    expect(group.captions.captions_status).toBe('ready');
    await expectAccessible(page, 'position: questions, a video with its captions state');
    expect(
      await page
        .getByRole('region', { name: 'Question 2' })
        .getByText(/Captions ready|No captions|Captioning/)
        .count(),
    ).toBe(0); // a typed question has none
    expect(errors).toEqual([]);
    await owner.context.close();
  }, 300_000);
});
