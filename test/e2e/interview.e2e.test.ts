import { describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { interviewLinkMailedTo, interviewFixture } from '../support/interviews';
import { makeClip, makeSpeech } from '../support/media';
import { expectAccessible } from './support/accessibility';
import { trackErrors, appUrl, useBrowser } from './support/browser';
import { paths } from '../../lambdas/contracts/app-paths';
import { recordFor } from './support/recording';
import { signedInOwner } from './support/session';

// A fake microphone that speaks, beside Chromium's fake camera.
const browser = useBrowser(async () => [`--use-file-for-fake-audio-capture=${await makeSpeech('i led the support team through a busy launch')}`]);

/** HTMLMediaElement.HAVE_CURRENT_DATA: the video has a frame to show. */
const HAVE_CURRENT_DATA = 2;

const interview = interviewFixture({
  questions: [{ title: 'Tell us about a project you are proud of', content: 'What was your part in it?' }, 'Why do you want this job?'],
  outro: { title: 'Thanks for your time', content: 'We will be in touch within a week.' },
  pacing: { thinking_time: null, answer_time: 30, retakes: 1 },
});

describe('the candidate interview', () => {
  it('is completed from the e-mailed link: camera check, a retake, a dropped connection, then the team sees two processed answers', async () => {
    const owner = await signedInOwner(browser, 'Candidate Co');
    await owner.context.close();
    const { body: created } = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Support lead', interview },
    });
    const positionId = created.position_id as string;
    const email = `grace-${Date.now()}@example.com`;
    const invited = await call('inviteCandidate', {
      params: { positionId },
      session: owner.sessionId,
      body: { candidate_name: 'Grace Hopper', email },
    });
    expect(invited.status).toBe(201);
    const link = await interviewLinkMailedTo(email);

    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Welcome, Grace Hopper' }).waitFor();
    expect(await page.getByText('There are 2 questions').count()).toBe(1);
    await expectAccessible(page, 'interview: welcome');
    await page.getByRole('button', { name: 'Start the interview' }).click();
    await page.getByRole('button', { name: 'Turn on camera and microphone' }).waitFor();
    await expectAccessible(page, 'interview: camera check');
    await page.getByRole('button', { name: 'Turn on camera and microphone' }).click();
    await page.getByLabel('Camera preview').waitFor();
    // The speaking fake microphone moves the level meter.
    const meter = page.getByRole('meter', { name: /Microphone/ });
    await expect.poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(5);
    await expectAccessible(page, 'interview: camera check, camera on');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Question 1 (one retake allowed): record, retake, submit. The badge counts the retakes available
    // before and after each take: 1 before the first, still 1 after it, and it is gone once the retake records.
    const badge = page.getByText(/^(\d+ retakes? available|Unlimited retakes)$/);
    await page.getByRole('heading', { name: 'Tell us about a project you are proud of' }).waitFor();
    expect(await badge.textContent()).toBe('1 retake available');
    await expectAccessible(page, 'interview: question 1');
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('timer', { name: 'Recording time' }).waitFor({ timeout: 10_000 });
    await expectAccessible(page, 'interview: recording');
    await recordFor(page, 2);
    expect(await badge.textContent()).toBe('1 retake available');
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByLabel('Your answer').waitFor();
    expect(await badge.textContent()).toBe('1 retake available');
    await expectAccessible(page, 'interview: review');
    await page.getByRole('button', { name: 'Retake' }).click();
    await page.getByRole('timer', { name: 'Recording time' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => badge.count()).toBe(0);
    await recordFor(page, 2);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByLabel('Your answer').waitFor();
    expect(await badge.count()).toBe(0);
    expect(await page.getByText(/0 retakes/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retake' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Submit answer' }).click();

    // Question 2: the network drops mid-answer and comes back; nothing recorded is lost.
    await page.getByRole('heading', { name: 'Why do you want this job?' }).waitFor();
    expect(await badge.textContent()).toBe('1 retake available');
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('timer', { name: 'Recording time' }).waitFor({ timeout: 10_000 });
    await recordFor(page, 1);
    await context.setOffline(true);
    await recordFor(page, 3);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByText('Connection lost: your answer is kept and the upload resumes when you are back online.').waitFor();
    // Submit waits for the upload, and says so.
    await page.getByRole('button', { name: 'Waiting for the connection…' }).waitFor();
    await expectAccessible(page, 'interview: review, connection lost');
    await page.waitForTimeout(1000);
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Submit answer' }).click();

    await page.getByRole('heading', { name: 'Thanks for your time' }).waitFor({ timeout: 20_000 });
    await expectAccessible(page, 'interview: outro');
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('heading', { name: 'Your interview is complete' }).waitFor();
    await expectAccessible(page, 'interview: thank-you');

    // The team's side: responded, with two answers that finish processing.
    const candidateId = invited.body.candidate_id as string;
    let detail: any;
    for (let i = 0; i < 120; i++) {
      detail = (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body;
      if (detail.answers?.length === 2 && detail.answers.every((a: any) => a.video.upload_status !== 'processing')) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(detail.current_status).toBe('responded');
    expect(detail.answers.map((a: any) => a.video.upload_status)).toEqual(['ready', 'ready']);
    const transcripts = (await call('getAnswerTranscripts', { params: { candidateId }, session: owner.sessionId })).body.answer_transcripts;
    expect(transcripts.map((t: any) => t.transcript_status)).toEqual(['completed', 'completed']);
    const counts = (await call('getPosition', { params: { positionId }, session: owner.sessionId })).body.candidates;
    expect(counts).toMatchObject({ invited: 0, responded: 1 });

    // Reopening the link shows the thank-you, never the recorder.
    const again = await context.newPage();
    await again.goto(link);
    await again.getByRole('heading', { name: 'Thank you, Grace Hopper!' }).waitFor();
    await expectAccessible(again, 'interview: reopened after completing');
    expect(await again.getByRole('button', { name: 'Start the interview' }).count()).toBe(0);
    // Offline moments are the only failures the page saw.
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))).toEqual([]);
    await context.close();
  });

  it('takes applications through the public link, straight into the interview', async () => {
    const owner = await signedInOwner(browser, 'Walk-in Co');
    await owner.context.close();
    const { body: created } = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Barista', interview },
    });
    const { body: link } = await call('createApplyLink', { params: { positionId: created.position_id }, session: owner.sessionId });
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.goto(link.link_href);
    await page.getByRole('heading', { name: 'Apply for Barista' }).waitFor();
    const start = page.getByRole('button', { name: 'Start the interview' });
    expect(await start.isDisabled()).toBe(true);
    await expectAccessible(page, 'apply page');
    await page.getByLabel('Full name').fill('Walk In');
    await page.getByLabel('Email').fill(`walkin-${Date.now()}@example.com`);
    await start.click();
    await page.getByRole('heading', { name: 'Welcome, Walk In' }).waitFor();
    expect(page.url()).toMatch(/#\/interview\/[A-Za-z0-9_-]+$/);
    expect(errors).toEqual([]);
    await context.close();
  });
  it("runs in the candidate's own light app, and a link between it and the team's app reloads into the other", async () => {
    const owner = await signedInOwner(browser, 'Light Co');
    const { body: created } = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Courier', interview },
    });
    const invited = await call('inviteCandidate', {
      params: { positionId: created.position_id },
      session: owner.sessionId,
      body: { candidate_name: 'Lena Light', email: null },
    });
    const interviewHash = new URL(invited.body.interview_href as string).hash;

    // A candidate's first visit: the candidate app's code, none of the team's, and no Amplify UI styles.
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    const errors = trackErrors(page);
    const loaded: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.resourceType() === 'stylesheet') loaded.push(new URL(request.url()).pathname);
    });
    await page.goto(invited.body.interview_href);
    await page.getByRole('heading', { name: 'Welcome, Lena Light' }).waitFor();
    expect(loaded.filter((file) => /\/candidate-app-[\w-]+\.(js|css)$/.test(file))).toHaveLength(2);
    expect(loaded.filter((file) => /hiring-app|signed-in-bar|positions-screen|sign-in-screen/.test(file))).toEqual([]);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--amplify-colors-font-primary'))).toBe('');
    expect(errors).toEqual([]);
    await visitor.close();

    // A team member on the positions list follows the candidate's link in the same tab: the page reloads into the candidate app…
    const team = await owner.context.newPage();
    const teamErrors = trackErrors(team);
    await team.goto(appUrl(paths.positions.to(owner.companyId)));
    await team.getByRole('link', { name: 'Courier' }).waitFor();
    await team.evaluate((hash) => {
      (window as unknown as { beforeSwitch?: boolean }).beforeSwitch = true;
      window.location.hash = hash;
    }, interviewHash);
    await team.getByRole('heading', { name: 'Welcome, Lena Light' }).waitFor();
    expect(await team.evaluate(() => (window as unknown as { beforeSwitch?: boolean }).beforeSwitch)).toBeUndefined();
    await expectAccessible(team, 'interview: welcome, reached from the team app');
    // …and back to the team's routes: the hiring app again, still signed in.
    await team.evaluate((companyId) => {
      (window as unknown as { beforeSwitch?: boolean }).beforeSwitch = true;
      window.location.hash = `/companies/${companyId}/positions`;
    }, owner.companyId);
    await team.getByRole('link', { name: 'Courier' }).waitFor();
    await team.getByTestId('company-name').waitFor();
    expect(await team.evaluate(() => (window as unknown as { beforeSwitch?: boolean }).beforeSwitch)).toBeUndefined();
    expect(teamErrors).toEqual([]);
    await owner.context.close();
  });

  it('lets the candidate watch a video question before the thinking time starts', async () => {
    const owner = await signedInOwner(browser, 'Video Question Co');
    await owner.context.close();
    // A team video through the real upload path and local pipeline.
    const clip = (await makeClip(2, 'what is your favourite bug')).bytes;
    const videoGroupId = `g-${Date.now()}`;
    const created = await call('createUserMediaUpload', {
      session: owner.sessionId,
      body: {
        media_group_id: videoGroupId,
        content_type: 'video/webm',
        properties: { company_id: owner.companyId, size: clip.length },
      },
    });
    expect(created.status).toBe(201);
    await fetch(created.body.upload_url, { method: 'PUT', headers: { 'content-type': 'video/webm' }, body: Buffer.from(clip) });
    await call('completeMediaUploads', { query: { transcoder: 'default' }, session: owner.sessionId, body: { media_ids: [created.body.media_id] } });
    await expect
      .poll(
        async () =>
          (await call('getMediaUploadGroups', { params: { mediaGroupIds: videoGroupId }, session: owner.sessionId })).body.media_upload_groups[0]
            ?.upload_status,
        {
          timeout: 120_000,
          interval: 500,
        },
      )
      .toBe('ready');
    const { body: position } = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: {
        job_title: 'Bug hunter',
        interview: {
          intro: null,
          questions: [{ title: '', content: '', thumbnail_image_group_id: null, video_group_id: videoGroupId }],
          outro: null,
          pacing: { thinking_time: 15, answer_time: 30, retakes: 0 },
        },
      },
    });
    const invited = await call('inviteCandidate', {
      params: { positionId: position.position_id },
      session: owner.sessionId,
      body: {
        candidate_name: 'Vera Video',
        email: null,
      },
    });

    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.goto(invited.body.interview_href);
    await page.getByRole('button', { name: 'Start the interview' }).click();
    await page.getByRole('button', { name: 'Turn on camera and microphone' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Watch the question: your thinking time starts when the video ends.').waitFor();
    await expectAccessible(page, 'interview: a video question');
    // The question video has loaded and could play: a thinking time started on load would show by now.
    const video = page.getByLabel('Question video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(HAVE_CURRENT_DATA);
    expect(await video.evaluate((v: HTMLVideoElement) => v.ended)).toBe(false);
    expect(await page.getByRole('timer').count()).toBe(0); // the thinking time waits for the video's end
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await expect.poll(() => page.getByRole('timer').textContent(), { timeout: 15_000 }).toMatch(/Recording starts in 0:1\d/);
    const first = await page.getByRole('timer').textContent();
    await expect.poll(() => page.getByRole('timer').textContent()).not.toBe(first); // and now it counts down
    await context.close();
    expect(errors).toEqual([]);
  });
});
