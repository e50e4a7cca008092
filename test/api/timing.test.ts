import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_GRACE_SECONDS } from '../../lambdas/contracts/timing';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lambdas/data/keys';
import { sha256 } from '../../lambdas/platform/crypto';
import { call, dynamodbCallsOf } from '../support/api';
import { mailTo, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { allocateCredits, localDb, localEnv } from '../support/aws';
import { interviewFixture, startAnswer, tokenFromHref, uploadParts } from '../support/interviews';
import { makeClip } from '../support/media';
import { savePosition } from '../support/positions';
import { faultRules, mailRefusal } from '../support/faults';

/**
 * Timing adjustments (issue 25, WCAG 2.2.1 Timing Adjustable): the team adjusts a candidate's
 * pacing (at invite time, later, or for the apply link), the candidate chooses or asks before their
 * first question, the server holds every take to the adjusted limits (retakes, live recording, and
 * an uploaded answer's length), and the team's question videos come with their captions.
 */
type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;

const NO_ADJUSTMENT = { time_limits_off: false, time_multiplier: 1, extra_retakes: 0 };

let owner: Owner;
/** A member of the company without access to the position (shared with the owner alone). */
let member: { email: string; sessionId: string };
let positionId: string;
let questionVideoGroup: string;

const invite = async (candidateName: string, body: Record<string, unknown> = {}) => {
  const res = await call('inviteCandidate', {
    params: { positionId },
    session: owner.sessionId,
    body: { candidate_name: candidateName, email: null, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { candidateId: res.body.candidate_id as string, token: tokenFromHref(res.body.interview_href), summary: res.body };
};

const interviewOf = async (token: string) => {
  const res = await call('getInterview', { params: { token } });
  expect(res.status).toBe(200);
  return res.body;
};

const candidateOf = (candidateId: string, session = owner.sessionId) => call('getCandidate', { params: { candidateId }, session });

const requestTiming = (token: string, choice: unknown) => call('requestInterviewTiming', { params: { token }, body: { choice } });

const setTiming = (candidateId: string, body: unknown, session = owner.sessionId) =>
  call('setCandidateTiming', { params: { candidateId }, session, body });

const setSelfService = async (selfService: boolean, applyLinkDefault = NO_ADJUSTMENT) =>
  expect(
    (await savePosition(owner.sessionId, positionId, { candidate_timing: { self_service: selfService, apply_link_default: applyLinkDefault } }))
      .status,
  ).toBe(200);

const wait = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 150_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};

const joinAsMember = async () => {
  const email = uniqueEmail('member');
  expect((await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email } })).status).toBe(201);
  const mail = (await mailTo(email)).find((m) => m.subject.startsWith("You're invited"));
  const nonce = /#\/invite\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  const joined = await call('confirmMemberInvite', { body: { nonce } });
  expect(joined.status).toBe(201);
  return { email, sessionId: joined.body.session_id as string };
};

beforeAll(async () => {
  owner = await registerAndSignIn('Timing Co');
  await allocateCredits(owner.companyId, 50);
  member = await joinAsMember();

  // The first question is a video of the team's (captioned by the pipeline), the second a text.
  questionVideoGroup = `g-${randomUUID()}`;
  const clip = (await makeClip(3, 'please tell us about the last project you shipped')).bytes;
  const upload = await call('createUserMediaUpload', {
    session: owner.sessionId,
    body: { media_group_id: questionVideoGroup, content_type: 'video/webm', properties: { company_id: owner.companyId, size: clip.length } },
  });
  expect(upload.status).toBe(201);
  expect((await fetch(upload.body.upload_url, { method: 'PUT', headers: { 'content-type': 'video/webm' }, body: Buffer.from(clip) })).status).toBe(
    200,
  );
  expect((await call('completeMediaUploads', { session: owner.sessionId, body: { media_ids: [upload.body.media_id] } })).status).toBe(200);

  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: {
      job_title: 'Archivist',
      interview: interviewFixture({
        questions: [{ title: 'Your last project', video_group_id: questionVideoGroup }, 'Why this role?'],
        pacing: { thinking_time: 30, answer_time: 15, retakes: 0 },
      }),
    },
  });
  expect(created.status).toBe(201);
  positionId = created.body.position_id;
  expect((await savePosition(owner.sessionId, positionId, { sharing: { user_ids: [owner.userId] } })).status).toBe(200);
}, 120_000);

describe('the position’s timing setting', () => {
  it('lets candidates choose by default, with no adjustment for apply-link candidates, and is saved with the position', async () => {
    const read = await call('getPosition', { params: { positionId }, session: owner.sessionId });
    expect(read.body.candidate_timing).toEqual({ self_service: true, apply_link_default: NO_ADJUSTMENT });

    const applyLinkDefault = { time_limits_off: true, time_multiplier: 1, extra_retakes: 2 };
    await setSelfService(true, applyLinkDefault);
    expect((await call('getPosition', { params: { positionId }, session: owner.sessionId })).body.candidate_timing).toEqual({
      self_service: true,
      apply_link_default: applyLinkDefault,
    });
    const bad = await savePosition(owner.sessionId, positionId, {
      candidate_timing: { self_service: true, apply_link_default: { ...NO_ADJUSTMENT, time_multiplier: 5 } },
    });
    expect(bad.status).toBe(400);

    // An apply-link candidate gets the position's adjustment for them.
    const { link_href: linkHref } = (await call('createApplyLink', { params: { positionId }, session: owner.sessionId })).body;
    const applied = await call('applyThroughLink', {
      params: { linkId: linkHref.split('/apply/')[1] },
      body: { candidate_name: 'Walk In', email: uniqueEmail('walkin') },
    });
    expect(applied.status).toBe(201);
    expect((await interviewOf(applied.body.interview_token)).pacing).toEqual({ thinking_time: null, answer_time: null, retakes: 2 });
    await setSelfService(true);
  });
});

describe('adjusting a candidate’s timing', () => {
  it('stores the adjustment given at invite time and shows the effective pacing to the candidate and the team', async () => {
    const timing = { time_limits_off: false, time_multiplier: 2, extra_retakes: 1 };
    const { candidateId, token, summary } = await invite('Ada Adjusted', { timing });
    expect(summary.timing_adjusted).toBe(true);
    const page = await interviewOf(token);
    expect(page.pacing).toEqual({ thinking_time: 60, answer_time: 30, retakes: 1 });
    expect(page.timing).toEqual({ adjusted: true, self_service: true, can_ask: true, request: null });

    const candidate = (await candidateOf(candidateId)).body;
    expect(candidate).toMatchObject({ timing, timing_adjusted: true, timing_request: null });
    const list = await call('listCandidates', { params: { positionId }, query: { tab: 'invited' }, session: owner.sessionId });
    expect(list.body.candidates.find((c) => c.candidate_id === candidateId)?.timing_adjusted).toBe(true);

    // Without one, the position's pacing as it is.
    const plain = await invite('Bea Plain');
    expect(plain.summary.timing_adjusted).toBe(false);
    expect((await interviewOf(plain.token)).pacing).toEqual({ thinking_time: 30, answer_time: 15, retakes: 0 });
    expect((await candidateOf(plain.candidateId)).body).toMatchObject({ timing: NO_ADJUSTMENT, timing_adjusted: false, timing_request: null });

    const batch = await call('inviteCandidatesBatch', {
      params: { positionId },
      session: owner.sessionId,
      body: {
        new_candidates: [
          { candidate_name: 'Cy Batch', email: null, timing: { time_limits_off: true, time_multiplier: 1, extra_retakes: 0 } },
          { candidate_name: 'Di Batch', email: null },
        ],
      },
    });
    expect(batch.status).toBe(201);
    expect(batch.body.candidates.map((c: { timing_adjusted: boolean }) => c.timing_adjusted)).toEqual([true, false]);
    expect((await interviewOf(tokenFromHref(batch.body.candidates[0].interview_href))).pacing).toEqual({
      thinking_time: null,
      answer_time: null,
      retakes: 0,
    });

    const refused = await call('inviteCandidate', {
      params: { positionId },
      session: owner.sessionId,
      body: { candidate_name: 'Ed Refused', email: null, timing: { ...timing, extra_retakes: 7 } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail[0].msg).toBe('Extra retakes must be one of 0, 1, 2, 3.');
  });

  it('lets the position’s team set it at any time, and nobody else', async () => {
    const { candidateId, token } = await invite('Flo Later');
    const timing = { time_limits_off: false, time_multiplier: 1.5, extra_retakes: 3 };
    const set = await setTiming(candidateId, timing);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ timing, timing_request: null });
    expect((await interviewOf(token)).pacing).toEqual({ thinking_time: 45, answer_time: 23, retakes: 3 });

    // Mid-interview too: the questions not answered yet get it.
    expect((await startAnswer(token, 0)).status).toBe(201);
    expect((await setTiming(candidateId, { time_limits_off: true, time_multiplier: 1, extra_retakes: 0 })).status).toBe(200);
    expect((await interviewOf(token)).pacing).toEqual({ thinking_time: null, answer_time: null, retakes: 0 });

    const bad = await setTiming(candidateId, { time_limits_off: false, time_multiplier: 4, extra_retakes: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.detail[0].msg).toBe('The time multiplier must be one of 1, 1.5, 2, 3.');
    expect((await setTiming(candidateId, { time_limits_off: 'yes', time_multiplier: 1, extra_retakes: 0 })).status).toBe(400);

    // A member without access to the position gets what reading the candidate gets them: 404.
    const readByMember = await candidateOf(candidateId, member.sessionId);
    const setByMember = await setTiming(candidateId, NO_ADJUSTMENT, member.sessionId);
    expect(readByMember.status).toBe(404);
    expect(setByMember.status).toBe(readByMember.status);
    expect(setByMember.body.detail).toBe(readByMember.body.detail);
    const stranger = await registerAndSignIn('Stranger Co');
    expect((await setTiming(candidateId, NO_ADJUSTMENT, stranger.sessionId)).status).toBe(404);
    expect((await setTiming(candidateId, NO_ADJUSTMENT, 'not-a-session')).status).toBe(401);
    expect((await candidateOf(candidateId)).body.timing).toEqual({ time_limits_off: true, time_multiplier: 1, extra_retakes: 0 });
  });

  it('holds startAnswer to the extra retakes', async () => {
    const plain = await invite('Gil Plain');
    expect((await startAnswer(plain.token, 1)).body.retakes_left).toBe(0);
    const extra = await invite('Hal Extra', { timing: { ...NO_ADJUSTMENT, extra_retakes: 1 } });
    const first = await startAnswer(extra.token, 1);
    expect(first.status).toBe(201);
    expect(first.body.retakes_left).toBe(1);
    const second = await startAnswer(extra.token, 1);
    expect(second.status).toBe(201);
    expect(second.body.retakes_left).toBe(0);
    expect((await interviewOf(extra.token)).questions[1].attempts_used).toBe(2);
  });
});

describe('a candidate asking for more time', () => {
  it('gets it at once where the position lets candidates choose, until a question is started', async () => {
    const { candidateId, token } = await invite('Ida Self');
    const applied = await requestTiming(token, 'no-time-limit');
    expect(applied.status).toBe(200);
    expect(applied.body).toEqual({ applied: true, pacing: { thinking_time: null, answer_time: null, retakes: 0 } });
    // Safe to repeat.
    expect((await requestTiming(token, 'no-time-limit')).body).toEqual(applied.body);
    expect((await interviewOf(token)).timing).toEqual({ adjusted: true, self_service: true, can_ask: true, request: null });
    expect((await candidateOf(candidateId)).body.timing).toEqual({ time_limits_off: true, time_multiplier: 1, extra_retakes: 0 });

    const doubled = await requestTiming(token, 'double-time');
    expect(doubled.body).toEqual({ applied: true, pacing: { thinking_time: 60, answer_time: 30, retakes: 0 } });

    const bad = await requestTiming(token, 'triple-time');
    expect(bad.status).toBe(400);
    expect(bad.body.detail[0].msg).toBe('Choose no-time-limit or double-time.');

    expect((await startAnswer(token, 0)).status).toBe(201);
    expect((await interviewOf(token)).timing.can_ask).toBe(false);
    const late = await requestTiming(token, 'no-time-limit');
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('Your interview has started: its timing can no longer be changed.');
    expect((await interviewOf(token)).pacing).toEqual({ thinking_time: 60, answer_time: 30, retakes: 0 });

    // Someone else's link reaches nothing.
    expect((await requestTiming(randomUUID().replace(/-/g, ''), 'double-time')).status).toBe(404);
  });

  it('asks the position’s notified members otherwise, once, and the team’s setting answers the request', async () => {
    await setSelfService(false);
    try {
      const { candidateId, token } = await invite('Jo Asks');
      const asked = await requestTiming(token, 'double-time');
      expect(asked.status).toBe(200);
      expect(asked.body).toEqual({ applied: false, pacing: { thinking_time: 30, answer_time: 15, retakes: 0 } });
      expect((await requestTiming(token, 'double-time')).body).toEqual(asked.body);

      const page = await interviewOf(token);
      expect(page.timing).toMatchObject({ adjusted: false, self_service: false, can_ask: true, request: { choice: 'double-time' } });
      expect(Date.parse(page.timing.request!.requested_at)).toBeGreaterThan(Date.now() - 60_000);
      expect((await candidateOf(candidateId)).body).toMatchObject({ timing: NO_ADJUSTMENT, timing_request: { choice: 'double-time' } });

      const mails = (await mailTo(owner.email)).filter((m) => m.subject === 'Jo Asks asks for more time');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('double time');
      expect(mails[0]!.text).toContain(`/companies/${owner.companyId}/positions/${positionId}/candidates/${candidateId}`);
      expect(mails[0]!.html).toContain('double time');
      // The member without access to the position is not told.
      expect((await mailTo(member.email)).filter((m) => m.subject.includes('asks for more time'))).toEqual([]);

      const set = await setTiming(candidateId, { time_limits_off: false, time_multiplier: 2, extra_retakes: 0 });
      expect(set.body.timing_request).toBeNull();
      expect((await candidateOf(candidateId)).body.timing_request).toBeNull();
      expect((await interviewOf(token)).timing).toEqual({ adjusted: true, self_service: false, can_ask: true, request: null });
      expect((await interviewOf(token)).pacing).toEqual({ thinking_time: 60, answer_time: 30, retakes: 0 });
    } finally {
      await setSelfService(true);
    }
  });
});

describe('the team’s answer to a candidate’s request (issue 43)', () => {
  const ANSWER = /^Your request for (double time|no time limit)/;
  const answersTo = async (email: string) => (await mailTo(email)).filter((m) => ANSWER.test(m.subject));
  /** A candidate invited by e-mail who asks the team for `choice`. */
  const asking = async (name: string, choice: 'double-time' | 'no-time-limit') => {
    const email = uniqueEmail('asks');
    const invited = await invite(name, { email });
    expect((await requestTiming(invited.token, choice)).body.applied).toBe(false);
    return { ...invited, email, interviewHref: invited.summary.interview_href as string };
  };

  it('e-mails the candidate a grant and a decline, each with the link to their interview; a candidate without an address gets none', async () => {
    await setSelfService(false);
    try {
      // Granted: what they asked for (or more).
      const granted = await asking('Meg Granted', 'double-time');
      expect(await answersTo(granted.email)).toEqual([]);
      expect((await setTiming(granted.candidateId, { time_limits_off: false, time_multiplier: 2, extra_retakes: 0 })).status).toBe(200);
      const grants = await answersTo(granted.email);
      expect(grants.map((m) => m.subject)).toEqual(['Your request for double time is granted: Archivist at Timing Co']);
      expect(grants[0]!.text).toContain('Timing Co has granted your request for double time in your video interview for the Archivist position.');
      expect(grants[0]!.text).toContain(`Open your interview: ${granted.interviewHref}`);
      expect(grants[0]!.html).toContain(`href="${granted.interviewHref}"`);
      // In the layout of every candidate mail: its "Delete my data" link under it.
      expect(grants[0]!.text).toContain('Delete my data: ');
      expect(grants[0]!.html).toContain('Delete my data</a>');
      // Setting the timing again answers no request: no second mail.
      expect((await setTiming(granted.candidateId, { time_limits_off: false, time_multiplier: 3, extra_retakes: 0 })).status).toBe(200);
      expect(await answersTo(granted.email)).toHaveLength(1);

      // Declined: less than they asked for.
      const declined = await asking('Ned Declined', 'no-time-limit');
      expect((await setTiming(declined.candidateId, { time_limits_off: false, time_multiplier: 3, extra_retakes: 0 })).status).toBe(200);
      const declines = await answersTo(declined.email);
      expect(declines.map((m) => m.subject)).toEqual(['Your request for no time limit: Archivist at Timing Co']);
      expect(declines[0]!.text).toContain('Timing Co could not grant your request for no time limit');
      expect(declines[0]!.text).toContain(`Open your interview: ${declined.interviewHref}`);
      expect(declines[0]!.html).toContain(`href="${declined.interviewHref}"`);
      expect((await candidateOf(declined.candidateId)).body).toMatchObject({ timing: { time_multiplier: 3 }, timing_request: null });

      // Invited by link without an address: the request is answered, and nothing fails.
      const linkOnly = await invite('Oli Link');
      expect((await requestTiming(linkOnly.token, 'double-time')).body.applied).toBe(false);
      const set = await setTiming(linkOnly.candidateId, { time_limits_off: false, time_multiplier: 2, extra_retakes: 0 });
      expect(set.status).toBe(200);
      expect((await candidateOf(linkOnly.candidateId)).body).toMatchObject({ timing: { time_multiplier: 2 }, timing_request: null });
    } finally {
      await setSelfService(true);
    }
  });

  it('records a mail SES does not take as not sent on the candidate, and the timing stands', async () => {
    await setSelfService(false);
    const faults = faultRules();
    try {
      const refused = await asking('Pia Refused', 'double-time');
      await faults.add(mailRefusal(refused.email));
      const set = await setTiming(refused.candidateId, { time_limits_off: false, time_multiplier: 2, extra_retakes: 0 });
      expect(set.status).toBe(200);
      expect(await answersTo(refused.email)).toEqual([]);
      expect((await candidateOf(refused.candidateId)).body).toMatchObject({
        timing: { time_multiplier: 2 },
        timing_request: null,
        mail: { status: 'not_sent', reason: 'Not sent: the mail service refused it (MessageRejected: Email address is not verified.)' },
      });
    } finally {
      await faults.removeAll();
      await setSelfService(true);
    }
  });
});

describe('a candidate’s timing request, as read', () => {
  it('reads the position with the candidate (the token names it), and a token from before that still gets the position’s setting', async () => {
    const fresh = await invite('Kit Reads');
    const applied = await requestTiming(fresh.token, 'no-time-limit');
    expect(applied.body.applied).toBe(true);
    // The token, then the candidate and the position in one BatchGetItem, then the write.
    const { summary } = await dynamodbCallsOf(applied);
    expect(summary.sequentialReadsBeforeWrite).toBe(2);
    expect(summary.operations).toEqual({ BatchGetItem: 2, UpdateItem: 1 });

    await setSelfService(false);
    try {
      const older = await invite('Lou Older');
      await localDb().send(
        new UpdateCommand({ TableName: localEnv().TABLE_NAME, Key: keys.interviewToken(sha256(older.token)), UpdateExpression: 'REMOVE positionId' }),
      );
      const asked = await requestTiming(older.token, 'no-time-limit');
      expect(asked.status).toBe(200);
      expect(asked.body.applied).toBe(false);
    } finally {
      await setSelfService(true);
    }
  });
});

describe('the team’s question videos', () => {
  it('come to the candidate with their captions once ready', async () => {
    const { token } = await invite('Kit Captions');
    const page = await wait(
      () => interviewOf(token),
      (p) => p.questions[0].video?.captions_href != null,
      'the question video’s captions',
    );
    const captions = await (await fetch(page.questions[0]!.video!.captions_href!)).text();
    expect(captions.startsWith('WEBVTT')).toBe(true);
    expect(page.questions[1].video).toBeNull();
    // The editor's read of the video says so too.
    const group = (await call('getMediaUploadGroups', { params: { mediaGroupIds: questionVideoGroup }, session: owner.sessionId })).body
      .media_upload_groups[0];
    expect(group.captions.captions_status).toBe('ready');
  });
});

describe('an uploaded answer', () => {
  /** Uploads the clip as the answer to question 2 and waits for it to be processed: its duration. */
  const answerWith = async (token: string, candidateId: string, bytes: Uint8Array) => {
    const started = await startAnswer(token, 1);
    expect(started.status).toBe(201);
    const parts = await uploadParts(token, started.body.answer_id, bytes, started.body.min_part_bytes);
    expect((await call('submitAnswer', { params: { token, answerId: started.body.answer_id }, body: { parts } })).status).toBe(200);
    const candidate = await wait(
      async () => (await candidateOf(candidateId)).body,
      (c) => c.answers.length === 1 && c.answers[0].video?.upload_status !== 'processing',
      'the answer',
    );
    expect(candidate.answers[0].video!.upload_status).toBe('ready');
    const group = (
      await call('getMediaUploadGroups', { params: { mediaGroupIds: candidate.answers[0].video!.video_group_id }, session: owner.sessionId })
    ).body.media_upload_groups[0];
    return group.duration_millis as number;
  };

  it('is cut at the candidate’s answer time plus the grace, and kept whole with time limits off', async () => {
    const clip = (await makeClip(25)).bytes;
    const limited = await invite('Lee Limited');
    const unlimited = await invite('Max Unlimited', { timing: { time_limits_off: true, time_multiplier: 1, extra_retakes: 0 } });
    const [cut, whole] = await Promise.all([
      answerWith(limited.token, limited.candidateId, clip),
      answerWith(unlimited.token, unlimited.candidateId, clip),
    ]);
    // 15 s of answer time and the grace; the encoder's last audio frame may end a few milliseconds later.
    expect(cut).toBeLessThanOrEqual((15 + ANSWER_GRACE_SECONDS) * 1000 + 100);
    expect(cut).toBeGreaterThan((15 + ANSWER_GRACE_SECONDS - 1) * 1000);
    expect(whole).toBeGreaterThan(24_000);
  }, 300_000);
});
