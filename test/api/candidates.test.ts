import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lambdas/platform/crypto';
import { keys } from '../../lambdas/data/keys';
import { baseUrl, call } from '../support/api';
import { allocateCredits, localDb, localEnv, localS3, mediaObjectKeys, updateCompany } from '../support/aws';
import { mailArriving, mailTo, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { answerQuestion, interviewLinkMailedTo, startAnswer, tokenFromHref, uploadParts, interviewFixture } from '../support/interviews';
import { makeClip } from '../support/media';
import { mediaKeys } from '../../lambdas/adapters/storage-layout';
import { savePosition } from '../support/positions';

const interview = (retakes: number | null = 0) =>
  interviewFixture({ questions: ['Tell us about yourself', 'Why this role?'], pacing: { thinking_time: 30, answer_time: 120, retakes } });

type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;

const createPosition = async (owner: Owner, retakes: number | null = 0, settings: Record<string, unknown> = {}) => {
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: 'Support engineer', interview: interview(retakes) },
  });
  expect(created.status).toBe(201);
  const positionId = created.body.position_id as string;
  if (Object.keys(settings).length > 0) expect((await savePosition(owner.sessionId, positionId, settings)).status).toBe(200);
  return positionId;
};

const invite = (owner: Owner, positionId: string, candidateName: string, email: string | null) =>
  call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: candidateName, email } });

const counts = async (owner: Owner, positionId: string) =>
  (await call('getPosition', { params: { positionId }, session: owner.sessionId })).body.candidates;
const plan = async (owner: Owner) => (await call('getPlanStatus', { params: { companyId: owner.companyId }, session: owner.sessionId })).body;

describe('inviting candidates', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await registerAndSignIn('Invites Co');
    await allocateCredits(owner.companyId, 100);
  });

  it('e-mails the interview link, lists the candidate as invited, counts them and spends a credit', async () => {
    const positionId = await createPosition(owner, 0, { invites_expire_after: 'P7D' });
    const before = (await plan(owner)).candidate_packs_status;
    const email = uniqueEmail('cand');
    const res = await invite(owner, positionId, 'Ada Lovelace', email);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ candidate_name: 'Ada Lovelace', email, current_status: 'invited', completed_at: null, thumbnail: null });
    expect(res.body.created_at.relative_time).toBe('now');
    expect(res.body.expires_at!.relative_time).toBe('in 7 days');
    const href = await interviewLinkMailedTo(email);
    expect(href).toBe(res.body.interview_href);
    const [mail] = await mailTo(email);
    expect(mail!.subject).toBe('Invites Co invites you to a video interview for Support engineer');
    expect(mail!.html).toContain(href);

    const list = await call('listCandidates', { params: { positionId }, query: { tab: 'invited' }, session: owner.sessionId });
    expect(list.body.candidates.map((c: { candidate_id: string }) => c.candidate_id)).toEqual([res.body.candidate_id]);
    expect((await counts(owner, positionId)).invited).toBe(1);
    expect((await plan(owner)).candidate_packs_status.invited).toBe(before.invited + 1);
  });

  it('makes a link to copy when no e-mail is given, and sends nothing', async () => {
    const positionId = await createPosition(owner);
    const res = await invite(owner, positionId, 'No Mail', null);
    expect(res.status).toBe(201);
    expect(res.body.email).toBeNull();
    expect(res.body.interview_href).toMatch(/#\/interview\/[A-Za-z0-9_-]{40,}$/);
  });

  it('validates names and e-mail addresses with clear messages', async () => {
    const positionId = await createPosition(owner);
    const res = await invite(owner, positionId, '  ', 'not-an-address');
    expect(res.status).toBe(400);
    expect(res.body.detail.map((d: { msg: string }) => d.msg)).toEqual(
      expect.arrayContaining(['Enter the candidate’s name.', 'Enter a valid e-mail address.']),
    );
  });

  it('pages the invited tab 12 at a time, newest first, continuing after a candidate', async () => {
    const positionId = await createPosition(owner);
    const people = Array.from({ length: 14 }, (_, i) => ({ candidate_name: `Person ${i + 1}`, email: null }));
    const batch = await call('inviteCandidatesBatch', { params: { positionId }, session: owner.sessionId, body: { new_candidates: people } });
    expect(batch.status).toBe(201);
    expect(batch.body.candidates).toHaveLength(14);
    const first = await call('listCandidates', { params: { positionId }, query: { tab: 'invited' }, session: owner.sessionId });
    expect(first.body.candidates).toHaveLength(12);
    expect(first.body.has_more).toBe(true);
    const last = first.body.candidates[11].candidate_id;
    const second = await call('listCandidates', { params: { positionId }, query: { tab: 'invited', after: last }, session: owner.sessionId });
    expect(second.body.candidates).toHaveLength(2);
    expect(second.body.has_more).toBe(false);
    const all = [...first.body.candidates, ...second.body.candidates].map((c: { candidate_id: string }) => c.candidate_id);
    expect(new Set(all).size).toBe(14);
    expect((await counts(owner, positionId)).invited).toBe(14);
  });

  it('refuses invites to a closed position', async () => {
    const positionId = await createPosition(owner);
    await call('setPositionStatus', { params: { positionId, status: 'close' }, session: owner.sessionId });
    const res = await invite(owner, positionId, 'Late', null);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('The position is currently closed and needs to be re-opened before additional candidates can be invited.');
  });

  it('sends a preview to the member: no credit, not listed, not counted', async () => {
    const positionId = await createPosition(owner);
    const before = (await plan(owner)).candidate_packs_status.invited;
    const res = await call('sendPreviewInvite', { params: { positionId }, session: owner.sessionId });
    expect(res.status).toBe(200);
    const mail = (await mailTo(owner.email)).find((m) => m.subject.startsWith('[Preview]'));
    expect(mail?.text).toContain('This is a preview');
    const token = tokenFromHref(/(http\S+#\/interview\/[A-Za-z0-9_-]+)/.exec(mail!.text)![1]!);
    expect((await call('getInterview', { params: { token } })).status).toBe(200);
    expect((await plan(owner)).candidate_packs_status.invited).toBe(before);
    expect((await counts(owner, positionId)).invited).toBe(0);
    expect((await call('listCandidates', { params: { positionId }, query: { tab: 'invited' }, session: owner.sessionId })).body.candidates).toEqual(
      [],
    );
  });

  it('reinvites with a fresh deadline and deletes an invite, moving the count', async () => {
    const positionId = await createPosition(owner, 0, { invites_expire_after: 'P3D' });
    const email = uniqueEmail('again');
    const first = (await invite(owner, positionId, 'Again', email)).body;
    // Invited two days ago, so the old deadline (tomorrow) and a fresh one (in 3 days) differ by days, not milliseconds.
    const day = 24 * 3600 * 1000;
    const invitedAt = new Date(Date.now() - 2 * day).toISOString();
    const oldDeadline = new Date(Date.now() + day).toISOString();
    await localDb().send(
      new UpdateCommand({
        TableName: localEnv().TABLE_NAME,
        Key: keys.candidate(first.candidate_id),
        UpdateExpression: 'SET createdAt = :createdAt, expiresAt = :expiresAt, GSI3SK = :sk',
        ExpressionAttributeValues: { ':createdAt': invitedAt, ':expiresAt': oldDeadline, ':sk': `${oldDeadline}#${first.candidate_id}` },
      }),
    );
    const startedAt = Date.now();
    const again = await call('reinviteCandidate', { params: { candidateId: first.candidate_id }, session: owner.sessionId });
    expect(again.status).toBe(200);
    expect(Date.parse(again.body.created_at.time_value)).toBeGreaterThanOrEqual(startedAt - 1000);
    const deadline = Date.parse(again.body.expires_at!.time_value);
    expect(deadline).toBeGreaterThanOrEqual(startedAt + 3 * day - 1000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 3 * day + 1000);
    expect(again.body.expires_at!.relative_time).toBe('in 3 days');
    // Read back: the candidate keeps the fresh deadline, and the expiry job's index key moved with it.
    const read = await call('getCandidate', { params: { candidateId: first.candidate_id }, session: owner.sessionId });
    expect(read.body.expires_at!.time_value).toBe(again.body.expires_at!.time_value);
    const item = (await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.candidate(first.candidate_id) }))).Item!;
    expect(Date.parse(item.expiresAt)).toBe(deadline);
    expect(item.GSI3SK).toBe(`${item.expiresAt}#${first.candidate_id}`);
    expect((await mailTo(email)).filter((m) => m.subject.includes('invites you'))).toHaveLength(2);
    const deleted = await call('deleteCandidate', { params: { candidateId: first.candidate_id }, session: owner.sessionId });
    expect(deleted.body).toEqual({ candidate_id: first.candidate_id, current_status: 'deleted' });
    expect((await counts(owner, positionId)).invited).toBe(0);
    expect((await call('getInterview', { params: { token: tokenFromHref(first.interview_href) } })).status).toBe(404);
  });
});

describe('credits', () => {
  it('are spent in the transaction that invites: concurrent invites never go below zero', async () => {
    const owner = await registerAndSignIn('Three Credits');
    const positionId = await createPosition(owner);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => invite(owner, positionId, `Racer ${i}`, null)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(5);
    expect(results.find((r) => r.status === 402)!.body).toEqual({
      detail: 'You have no interview credits left. Select a plan to invite more candidates.',
      code: 'plan_required',
    });
    expect((await plan(owner)).candidate_packs_status).toEqual({ allocated: 3, invited: 3, remaining: 0 });
    expect((await counts(owner, positionId)).invited).toBe(3);
  });

  it('refuse a batch larger than what remains, creating nobody', async () => {
    const owner = await registerAndSignIn('Two Short');
    const positionId = await createPosition(owner);
    const people = Array.from({ length: 5 }, (_, i) => ({ candidate_name: `Bulk ${i}`, email: null }));
    const res = await call('inviteCandidatesBatch', { params: { positionId }, session: owner.sessionId, body: { new_candidates: people } });
    expect(res.status).toBe(402);
    expect(res.body.detail).toBe('You have 3 interview credits left, not enough for this many candidates. Select a plan to invite more.');
    expect((await counts(owner, positionId)).invited).toBe(0);
  });

  it('are not spent by subscribed companies', async () => {
    const owner = await registerAndSignIn('Subscribed');
    await updateCompany(owner.companyId, 'SET subscriptionStatus = :s, credits.allocated = :zero', { ':s': 'subscribed', ':zero': 0 });
    const positionId = await createPosition(owner);
    for (let i = 0; i < 2; i++) expect((await invite(owner, positionId, `Sub ${i}`, null)).status).toBe(201);
    expect((await plan(owner)).candidate_packs_status.invited).toBe(0);
  });
});

describe('the interview', () => {
  let owner: Owner;
  let clip: Uint8Array;
  beforeAll(async () => {
    owner = await registerAndSignIn('Interview Co');
    await allocateCredits(owner.companyId, 100);
    clip = (await makeClip(2)).bytes;
  });

  it('is reached only by its own token', async () => {
    const positionId = await createPosition(owner);
    const a = (await invite(owner, positionId, 'Alice', null)).body;
    const b = (await invite(owner, positionId, 'Bob', null)).body;
    const tokenA = tokenFromHref(a.interview_href);
    const tokenB = tokenFromHref(b.interview_href);
    const read = await call('getInterview', { params: { token: tokenA } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ candidate_name: 'Alice', company_name: 'Interview Co', job_title: 'Support engineer', completed: false });
    expect(read.body.questions.map((q) => [q.title, q.answered])).toEqual([
      ['Tell us about yourself', false],
      ['Why this role?', false],
    ]);
    expect(JSON.stringify(read.body)).not.toContain(b.candidate_id);
    expect((await call('getInterview', { params: { token: 'x'.repeat(43) } })).status).toBe(404);
    // B's recording cannot be driven with A's token.
    const bAnswer = (await startAnswer(tokenB, 0)).body.answer_id;
    expect((await call('getAnswerPartUrls', { params: { token: tokenA, answerId: bAnswer }, body: { part_numbers: [1] } })).status).toBe(404);
    expect(
      (await call('submitAnswer', { params: { token: tokenA, answerId: bAnswer }, body: { parts: [{ part_number: 1, etag: 'x' }] } })).status,
    ).toBe(404);
    // Candidates' tokens never open the team's API.
    expect((await call('getCandidate', { params: { candidateId: a.candidate_id }, session: tokenA })).status).toBe(401);
  });

  it('records answers with retakes, completes on the last one, notifies the team and processes every answer', async () => {
    const positionId = await createPosition(owner, 1, { invites_expire_after: 'P7D' });
    const email = uniqueEmail('resp');
    const candidate = (await invite(owner, positionId, 'Grace Hopper', email)).body;
    const token = tokenFromHref(await interviewLinkMailedTo(email));

    // First take of question 1, abandoned; the retake is submitted; no third take.
    const firstTake = await startAnswer(token, 0);
    expect(firstTake.body.retakes_left).toBe(1);
    await uploadParts(token, firstTake.body.answer_id, clip, firstTake.body.min_part_bytes);
    const retake = await answerQuestion(token, 0, clip);
    expect(retake.completed).toBe(false);
    const third = await startAnswer(token, 0);
    expect(third.status).toBe(409);
    expect((await call('getInterview', { params: { token } })).body.questions[0]).toMatchObject({ answered: true, attempts_used: 2 });
    expect(
      (await call('submitAnswer', { params: { token, answerId: firstTake.body.answer_id }, body: { parts: [{ part_number: 1, etag: 'x' }] } }))
        .status,
    ).toBe(404);

    const last = await answerQuestion(token, 1, clip);
    expect(last.completed).toBe(true);
    // A repeated submission answers the same, and changes nothing.
    expect((await call('getInterview', { params: { token } })).body.completed).toBe(true);
    expect((await startAnswer(token, 1)).status).toBe(409);

    expect(await counts(owner, positionId)).toMatchObject({ invited: 0, responded: 1 });
    const notice = await mailArriving(owner.email, (m) => m.subject === 'Grace Hopper completed the interview for Support engineer');
    expect(notice?.text).toContain(`/candidates/${candidate.candidate_id}`);
    const responded = await call('listCandidates', { params: { positionId }, query: { tab: 'responded' }, session: owner.sessionId });
    expect(responded.body.candidates.map((c: { candidate_id: string }) => c.candidate_id)).toEqual([candidate.candidate_id]);
    expect(responded.body.candidates[0]!.completed_at!.relative_time).toBe('now');

    let detail: any;
    for (let i = 0; i < 120; i++) {
      detail = (await call('getCandidate', { params: { candidateId: candidate.candidate_id }, session: owner.sessionId })).body;
      if (detail.answers.length === 2 && detail.answers.every((a: any) => a.video.upload_status !== 'processing')) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(detail.current_status).toBe('responded');
    expect(detail.questions.map((q: { title: string }) => q.title)).toEqual(['Tell us about yourself', 'Why this role?']);
    expect(detail.answers.map((a: any) => [a.question_index, a.video.upload_status])).toEqual([
      [0, 'ready'],
      [1, 'ready'],
    ]);
    expect(detail.answers[0].answer_id).toBe(retake.answerId);
    const video = await fetch(detail.answers[0].video.variants[0].content_href);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect(detail.thumbnail.variants[0].content_href).toContain('thumbnail');

    // Deleting the candidate leaves no media behind.
    const mediaId = (await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.answer(candidate.candidate_id, 0) }))).Item!
      .mediaId as string;
    expect(await mediaObjectKeys(mediaKeys(mediaId).prefix)).not.toEqual([]);
    expect((await call('deleteCandidate', { params: { candidateId: candidate.candidate_id }, session: owner.sessionId })).status).toBe(200);
    expect(await mediaObjectKeys(mediaKeys(mediaId).prefix)).toEqual([]);
    expect(await mediaObjectKeys(mediaKeys(mediaId).uploadPrefix)).toEqual([]);
    expect(await counts(owner, positionId)).toMatchObject({ invited: 0, responded: 0 });
  });

  it('lets a candidate re-record a last take that was never submitted, without counting it as a retake', async () => {
    const positionId = await createPosition(owner, 0);
    const token = tokenFromHref((await invite(owner, positionId, 'Closed Tab', null)).body.interview_href);
    // The only take: recording starts, part of it is sent, then the tab closes.
    const lost = await startAnswer(token, 0);
    expect(lost.body.retakes_left).toBe(0);
    await uploadParts(token, lost.body.answer_id, clip, lost.body.min_part_bytes);
    // Back again: a new take replaces it (still no retakes), and the lost one can no longer be submitted.
    const again = await startAnswer(token, 0);
    expect(again.status).toBe(201);
    expect(again.body.retakes_left).toBe(0);
    expect((await call('getAnswerPartUrls', { params: { token, answerId: lost.body.answer_id }, body: { part_numbers: [1] } })).status).toBe(404);
    const parts = await uploadParts(token, again.body.answer_id, clip, again.body.min_part_bytes);
    expect((await call('submitAnswer', { params: { token, answerId: again.body.answer_id }, body: { parts } })).status).toBe(200);
    expect((await call('getInterview', { params: { token } })).body.questions[0]).toMatchObject({ answered: true, attempts_used: 1 });
    expect((await startAnswer(token, 0)).status).toBe(409);
  });

  it('joins an answer sent in several parts', async () => {
    const positionId = await createPosition(owner);
    const candidate = (await invite(owner, positionId, 'Parts', null)).body;
    const token = tokenFromHref(candidate.interview_href);
    const started = await startAnswer(token, 0);
    const bytes = new Uint8Array(started.body.min_part_bytes + 1234).map((_, i) => i % 251);
    const parts = await uploadParts(token, started.body.answer_id, bytes, started.body.min_part_bytes);
    expect(parts).toHaveLength(2);
    const res = await call('submitAnswer', { params: { token, answerId: started.body.answer_id }, body: { parts } });
    expect(res.status).toBe(200);
    const answer = await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.answer(candidate.candidate_id, 0) }));
    const head = await localS3().send(new HeadObjectCommand({ Bucket: localEnv().MEDIA_BUCKET, Key: mediaKeys(answer.Item!.mediaId).source }));
    expect(head.ContentLength).toBe(bytes.length);
  });

  it('refuses a submission whose parts did not arrive', async () => {
    const positionId = await createPosition(owner);
    const token = tokenFromHref((await invite(owner, positionId, 'Lost', null)).body.interview_href);
    const started = await startAnswer(token, 0);
    const res = await call('submitAnswer', {
      params: { token, answerId: started.body.answer_id },
      body: { parts: [{ part_number: 1, etag: '"0123456789abcdef0123456789abcdef"' }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Upload failure');
  });

  it('sends planned messages: the thank-you on response, reminders when due and only to who has not responded', async () => {
    const planned = [
      { template_id: 'standard-thank-you', send_trigger: 'response' },
      { template_id: 'standard-reminder', send_trigger: 'P2D' },
      { template_id: 'standard-reminder', send_trigger: '-P1D' },
    ];
    const positionId = await createPosition(owner, 0, { invites_expire_after: 'P7D', planned_messages: planned });
    const waiting = uniqueEmail('waiting');
    const quick = uniqueEmail('quick');
    await invite(owner, positionId, 'Waiting Wanda', waiting);
    const quickToken = tokenFromHref((await invite(owner, positionId, 'Quick Quentin', quick)).body.interview_href);
    await answerQuestion(quickToken, 0, clip);
    await answerQuestion(quickToken, 1, clip);
    expect((await mailArriving(quick, (m) => m.subject === 'Thank you for interviewing with Interview Co'))?.subject).toBe(
      'Thank you for interviewing with Interview Co',
    );

    const run = async (daysAhead: number) => {
      const time = new Date(Date.now() + daysAhead * 24 * 3600 * 1000 + 60_000).toISOString();
      const res = await fetch(`${baseUrl()}/_local/schedules/sendPlannedMessages?time=${encodeURIComponent(time)}`, { method: 'POST' });
      return ((await res.json()) as { sent: number }).sent;
    };
    const reminders = async (email: string) =>
      (await mailTo(email)).filter((m) => m.subject === 'Reminder: your video interview for Support engineer');
    expect(await run(1)).toBe(0);
    await run(2);
    expect(await reminders(waiting)).toHaveLength(1);
    expect((await reminders(waiting))[0]!.text).toContain('Hello Waiting Wanda');
    await run(6);
    expect(await reminders(waiting)).toHaveLength(2);
    await run(6);
    expect(await reminders(waiting)).toHaveLength(2);
    expect(await reminders(quick)).toHaveLength(0);
  });

  it('expires: the scheduled job deletes invites past their deadline', async () => {
    const positionId = await createPosition(owner, 0, { invites_expire_after: 'P3D' });
    const stale = (await invite(owner, positionId, 'Stale', null)).body;
    const fresh = (await invite(owner, positionId, 'Fresh', null)).body;
    const past = new Date(Date.now() - 60_000).toISOString();
    await localDb().send(
      new UpdateCommand({
        TableName: localEnv().TABLE_NAME,
        Key: keys.candidate(stale.candidate_id),
        UpdateExpression: 'SET expiresAt = :past, GSI3SK = :sk',
        ExpressionAttributeValues: { ':past': past, ':sk': `${past}#${stale.candidate_id}` },
      }),
    );
    expect((await call('getInterview', { params: { token: tokenFromHref(stale.interview_href) } })).status).toBe(404);
    const run = await fetch(`${baseUrl()}/_local/schedules/expireInvites`, { method: 'POST' });
    expect(run.status).toBe(200);
    expect((await run.json()).deleted).toBeGreaterThanOrEqual(1);
    expect((await call('getCandidate', { params: { candidateId: stale.candidate_id }, session: owner.sessionId })).status).toBe(404);
    expect((await call('getCandidate', { params: { candidateId: fresh.candidate_id }, session: owner.sessionId })).status).toBe(200);
    expect((await counts(owner, positionId)).invited).toBe(1);

    // A preview goes after three days, answered or not, with its media.
    await call('sendPreviewInvite', { params: { positionId }, session: owner.sessionId });
    const previewMail = (await mailTo(owner.email)).find((m) => m.subject.startsWith('[Preview]'))!;
    const previewToken = tokenFromHref(/(http\S+#\/interview\/[A-Za-z0-9_-]+)/.exec(previewMail.text)![1]!);
    await answerQuestion(previewToken, 0, clip);
    const read = (key: Record<string, string>) => localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: key }));
    const previewId = (await read(keys.interviewToken(sha256(previewToken)))).Item!.candidateId as string;
    const previewMediaId = (await read(keys.answer(previewId, 0))).Item!.mediaId as string;
    expect(await mediaObjectKeys(mediaKeys(previewMediaId).uploadPrefix)).toHaveLength(1);
    const later = new Date(Date.now() + 4 * 24 * 3600 * 1000).toISOString();
    await fetch(`${baseUrl()}/_local/schedules/expireInvites?time=${encodeURIComponent(later)}`, { method: 'POST' });
    expect((await call('getInterview', { params: { token: previewToken } })).status).toBe(404);
    expect(await mediaObjectKeys(mediaKeys(previewMediaId).uploadPrefix)).toEqual([]);
    expect((await read(keys.candidate(previewId))).Item).toBeUndefined();
  });
});

describe('public apply links', () => {
  it('take a name and e-mail, create the candidate and go straight into the interview; one application per address', async () => {
    const owner = await registerAndSignIn('Apply Co');
    const positionId = await createPosition(owner);
    const link = (await call('createApplyLink', { params: { positionId }, session: owner.sessionId })).body.link_href as string;
    const linkId = link.split('/apply/')[1]!;
    const page = await call('getApplyLink', { params: { linkId } });
    expect(page.body).toMatchObject({ company_name: 'Apply Co', job_title: 'Support engineer', open: true, logo_href: null });
    const email = uniqueEmail('applicant');
    const applied = await call('applyThroughLink', { params: { linkId }, body: { candidate_name: 'Walk In', email } });
    expect(applied.status).toBe(201);
    expect((await call('getInterview', { params: { token: applied.body.interview_token } })).body.candidate_name).toBe('Walk In');
    expect(await interviewLinkMailedTo(email)).toBe(applied.body.interview_href);
    const twice = await call('applyThroughLink', { params: { linkId }, body: { candidate_name: 'Walk In', email } });
    expect(twice.status).toBe(409);
    const missing = await call('applyThroughLink', { params: { linkId }, body: { candidate_name: '', email: '' } });
    expect(missing.status).toBe(400);
    await call('setPositionStatus', { params: { positionId, status: 'close' }, session: owner.sessionId });
    expect((await call('getApplyLink', { params: { linkId } })).body.open).toBe(false);
    expect((await call('applyThroughLink', { params: { linkId }, body: { candidate_name: 'Late', email: uniqueEmail('late') } })).status).toBe(409);
    expect((await call('getApplyLink', { params: { linkId: 'unknownlink123' } })).status).toBe(404);
  });
});

describe('tenancy', () => {
  it("keeps company A's candidates from company B", async () => {
    const a = await registerAndSignIn('Tenant A');
    const b = await registerAndSignIn('Tenant B');
    const positionId = await createPosition(a);
    const candidate = (await invite(a, positionId, 'Private', null)).body;
    expect((await call('listCandidates', { params: { positionId }, session: b.sessionId })).status).toBe(404);
    expect((await invite(b, positionId, 'Intruder', null)).status).toBe(404);
    expect((await call('getCandidate', { params: { candidateId: candidate.candidate_id }, session: b.sessionId })).status).toBe(404);
    expect((await call('reinviteCandidate', { params: { candidateId: candidate.candidate_id }, session: b.sessionId })).status).toBe(404);
    expect((await call('deleteCandidate', { params: { candidateId: candidate.candidate_id }, session: b.sessionId })).status).toBe(404);
    expect((await call('sendPreviewInvite', { params: { positionId }, session: b.sessionId })).status).toBe(404);
  });

  it('deleting a position deletes its candidates', async () => {
    const owner = await registerAndSignIn('Cascade');
    const positionId = await createPosition(owner);
    const candidate = (await invite(owner, positionId, 'Gone soon', null)).body;
    await call('setPositionStatus', { params: { positionId, status: 'close' }, session: owner.sessionId });
    expect((await call('deletePosition', { params: { positionId }, session: owner.sessionId })).status).toBe(200);
    expect((await call('getInterview', { params: { token: tokenFromHref(candidate.interview_href) } })).status).toBe(404);
    const item = await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.candidate(candidate.candidate_id) }));
    expect(item.Item).toBeUndefined();
  });

  it('deleting a company deletes its positions and candidates', async () => {
    const owner = await registerAndSignIn('Short lived');
    const positionId = await createPosition(owner);
    const candidate = (await invite(owner, positionId, 'Orphan?', null)).body;
    expect((await call('deleteCompany', { params: { companyId: owner.companyId }, session: owner.sessionId })).status).toBe(204);
    const read = (key: Record<string, string>) => localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: key }));
    expect((await read(keys.position(positionId))).Item).toBeUndefined();
    expect((await read(keys.candidate(candidate.candidate_id))).Item).toBeUndefined();
    expect((await call('getInterview', { params: { token: tokenFromHref(candidate.interview_href) } })).status).toBe(404);
  });
});
