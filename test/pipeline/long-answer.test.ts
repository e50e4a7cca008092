import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { registerAndSignIn } from '../support/accounts';
import { allocateCredits } from '../support/aws';
import { answerQuestion, interviewFixture, tokenFromHref } from '../support/interviews';
import { makeLongClip } from '../support/media';

/**
 * Issue 43, item 1: a long answer through the local media pipeline. A 42-second 720p answer failed
 * with States.Timeout when the transcode state had the ASL's default 60 s; with time limits off an
 * answer may run up to an hour. This one is 3 minutes at 1280×720 (VP8/Opus WebM, as Chromium records),
 * from a candidate with time limits off, and has to come out ready with its captions.
 *
 * Its transcode takes about 100 s of CPU on this 2-core machine (measured with the stand-in's ffmpeg
 * command; `npm run bench` times a 5-minute one) and holds the local stack's one media job slot, so it
 * is the `pipeline` project, on a stack of its own (vitest.config.ts): `npm test` runs it alone after
 * the others. The wait is a hang guard only.
 */
const SECONDS = 180;

let owner: Awaited<ReturnType<typeof registerAndSignIn>>;
beforeAll(async () => {
  owner = await registerAndSignIn('Long Answer Co');
  await allocateCredits(owner.companyId, 5);
});

describe('a long answer', () => {
  it('of 3 minutes at 720p, with time limits off, comes out of the local pipeline ready with its captions', async () => {
    const clip = await makeLongClip(SECONDS);
    const created = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Storyteller', interview: interviewFixture({ questions: ['Tell us the long version'], pacing: { answer_time: 60 } }) },
    });
    expect(created.status).toBe(201);
    const invited = await call('inviteCandidate', {
      params: { positionId: created.body.position_id },
      session: owner.sessionId,
      body: { candidate_name: 'Lena Long', email: null, timing: { time_limits_off: true, time_multiplier: 1, extra_retakes: 0 } },
    });
    expect(invited.status).toBe(201);
    const candidateId = invited.body.candidate_id as string;

    const { completed } = await answerQuestion(tokenFromHref(invited.body.interview_href), 0, clip.bytes);
    expect(completed).toBe(true);

    const answerOf = async () => (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body.answers?.[0]?.video;
    await expect.poll(async () => (await answerOf())?.upload_status, { timeout: 25 * 60_000, interval: 2000 }).not.toBe('processing');
    const video = await answerOf();
    expect(video).toMatchObject({ upload_status: 'ready', captions: { captions_status: 'ready' } });

    // Kept whole (time limits off) and captioned from the speech at its start.
    const group = (await call('getMediaUploadGroups', { params: { mediaGroupIds: video!.video_group_id }, session: owner.sessionId })).body
      .media_upload_groups[0];
    expect(group.duration_millis).toBeGreaterThan((SECONDS - 1) * 1000);
    const captions = await (await fetch(group.captions.variants[0].content_href)).text();
    expect(captions.startsWith('WEBVTT')).toBe(true);
    expect(captions.toLowerCase()).toContain('interview');
  });
});
