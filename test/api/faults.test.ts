import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { baseUrl, call } from '../support/api';
import { faultRules, faultState, injectedBy } from '../support/faults';
import { allocateCredits, partition } from '../support/aws';
import { mailArriving, mailTo, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { interviewFixture, startAnswer, tokenFromHref } from '../support/interviews';
import { makeClip } from '../support/media';

/**
 * The local stack's fault mode (issue 37): faults injected at the stand-ins' edges, met by the
 * product's own SDK clients as in AWS. The api test files share one stack and run side by side, so
 * every rule here is narrowed by `match` to this test's own data (a job title, an e-mail address,
 * a company or position id) and by a count, and afterEach removes the rules this file added.
 */
const faults = faultRules();
const addFaults = faults.add;
afterEach(faults.removeAll);

type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;

const createPosition = async (owner: Owner, jobTitle: string) => {
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: jobTitle, interview: interviewFixture({ questions: ['Tell us about yourself'] }) },
  });
  expect(created.status).toBe(201);
  return created.body.position_id as string;
};

const positionsTitled = async (owner: Owner, jobTitle: string) =>
  (
    (await call('listPositions', { params: { companyId: owner.companyId }, session: owner.sessionId })).body.positions as { job_title: string }[]
  ).filter((position) => position.job_title === jobTitle);

describe('the fault mode', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await registerAndSignIn('Faults Co');
    await allocateCredits(owner.companyId, 100);
  });

  /** A candidate of a new position who has started an answer: its one part's upload URL and the media id the URL names. */
  const answerStarted = async (jobTitle: string, candidateName: string) => {
    const positionId = await createPosition(owner, jobTitle);
    const invited = await call('inviteCandidate', {
      params: { positionId },
      session: owner.sessionId,
      body: { candidate_name: candidateName, email: null },
    });
    expect(invited.status).toBe(201);
    const token = tokenFromHref(invited.body.interview_href);
    const started = await startAnswer(token, 0);
    expect(started.status).toBe(201);
    const answerId = started.body.answer_id as string;
    const urls = await call('getAnswerPartUrls', { params: { token, answerId }, body: { part_numbers: [1] } });
    const uploadUrl = (urls.body.parts as { upload_url: string }[])[0]!.upload_url;
    const mediaId = /\/uploads\/([^/]+)\//.exec(new URL(uploadUrl).pathname)?.[1];
    expect(mediaId).toBeTruthy();
    return { candidateId: invited.body.candidate_id as string, token, answerId, uploadUrl, mediaId: mediaId! };
  };

  /** The upload status of the candidate's first answer, as the team reads it. */
  const uploadStatusOf = async (candidateId: string) => {
    const candidate = await call('getCandidate', { params: { candidateId }, session: owner.sessionId });
    return (candidate.body.answers as { video: { upload_status: string } }[] | undefined)?.[0]?.video.upload_status;
  };

  it('refuses a rule that is not one, naming what is wrong', async () => {
    const res = await fetch(`${baseUrl()}/_local/faults`, { method: 'POST', body: JSON.stringify([{ service: 'dynamodb', fault: 'SlowDown' }]) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/rate or a count/);
  });

  it('a throttled write creating a position is retried by the SDK and creates one position', async () => {
    const jobTitle = `Throttled ${randomUUID()}`;
    const [rule] = await addFaults({
      service: 'dynamodb',
      operation: 'PutItem',
      fault: 'ProvisionedThroughputExceededException',
      count: 2,
      match: jobTitle,
    });
    await createPosition(owner, jobTitle);
    expect(await injectedBy(rule!)).toBe(2);
    expect(await positionsTitled(owner, jobTitle)).toHaveLength(1);
    expect((await faultState()).injected.dynamodb?.PutItem).toBeGreaterThanOrEqual(2);
  });

  it('a position whose put was applied but whose answer was lost is created once, and answered 201', async () => {
    const jobTitle = `Lost put ${randomUUID()}`;
    // DynamoDB writes the item, then its answer is lost: the SDK's retry meets its own item (writeIf's write id).
    const [lost] = await addFaults({
      service: 'dynamodb',
      operation: 'PutItem',
      fault: 'InternalServerError',
      phase: 'response',
      count: 1,
      match: jobTitle,
    });
    await createPosition(owner, jobTitle);
    expect(await injectedBy(lost!)).toBe(1);
    expect(await positionsTitled(owner, jobTitle)).toHaveLength(1);
  });

  it('an invite whose transaction answer is lost is retried with its token: one candidate, one count, one credit', async () => {
    const positionId = await createPosition(owner, 'Lost answers');
    const name = `Lost ${randomUUID()}`;
    const credits = async () => (await call('getPlanStatus', { params: { companyId: owner.companyId }, session: owner.sessionId })).body;
    const before = await credits();
    // DynamoDB applies the transaction, then its answer is lost (a 500): the SDK sends it again.
    const [lost] = await addFaults({
      service: 'dynamodb',
      operation: 'TransactWriteItems',
      fault: 'InternalServerError',
      phase: 'response',
      count: 1,
      match: name,
    });
    const res = await call('inviteCandidate', {
      params: { positionId },
      session: owner.sessionId,
      body: { candidate_name: name, email: uniqueEmail('lost') },
    });
    expect(res.status).toBe(201);
    expect(await injectedBy(lost!)).toBe(1);
    const listed = await call('listCandidates', { params: { positionId }, query: { tab: 'invited' }, session: owner.sessionId });
    expect((listed.body.candidates as { candidate_name: string }[]).filter((c) => c.candidate_name === name)).toHaveLength(1);
    expect((await call('getPosition', { params: { positionId }, session: owner.sessionId })).body.candidates.invited).toBe(1);
    expect((await credits()).candidate_packs_status.invited).toBe(before.candidate_packs_status.invited + 1);
  });

  it('a transaction cancelled by a conflict is tried again and applies once', async () => {
    const positionId = await createPosition(owner, 'Conflicts');
    const name = `Conflict ${randomUUID()}`;
    const [conflict] = await addFaults({
      service: 'dynamodb',
      operation: 'TransactWriteItems',
      fault: 'TransactionCanceledException',
      count: 2,
      match: name,
    });
    const res = await call('inviteCandidate', {
      params: { positionId },
      session: owner.sessionId,
      body: { candidate_name: name, email: uniqueEmail('conflict') },
    });
    expect(res.status).toBe(201);
    expect(await injectedBy(conflict!)).toBe(2);
    expect((await call('getPosition', { params: { positionId }, session: owner.sessionId })).body.candidates.invited).toBe(1);
  });

  it('a batch read with unprocessed keys reads every key: the bulk invite checks all its addresses', async () => {
    const positionId = await createPosition(owner, 'Partial reads');
    const emails = Array.from({ length: 6 }, () => uniqueEmail('bulk'));
    // Only the uniqueness check's BatchGetItem has the position's address keys.
    const [partial] = await addFaults({
      service: 'dynamodb',
      operation: 'BatchGetItem',
      fault: 'Unprocessed',
      keep: 0.5,
      count: 2,
      match: `POSITION#${positionId}#EMAIL#`,
    });
    const first = await call('inviteCandidatesBatch', {
      params: { positionId },
      session: owner.sessionId,
      body: { new_candidates: emails.slice(0, 3).map((email, i) => ({ candidate_name: `Bulk ${i}`, email })) },
    });
    expect(first.status).toBe(201);
    // The addresses invited already are found although DynamoDB left some keys unprocessed at first.
    const check = await call('checkCandidateEmails', { params: { positionId }, session: owner.sessionId, body: { emails } });
    expect(check.status).toBe(200);
    expect(await injectedBy(partial!)).toBe(2);
    expect([...(check.body.existing_emails as string[])].sort()).toEqual(emails.slice(0, 3).sort());
  });

  it('a batch write with unprocessed items deletes every item: the company deletion leaves nothing of its partition', async () => {
    const doomed = await registerAndSignIn('Doomed Co');
    for (const email of [uniqueEmail('m1'), uniqueEmail('m2'), uniqueEmail('m3')]) {
      expect((await call('inviteMember', { params: { companyId: doomed.companyId }, session: doomed.sessionId, body: { email } })).status).toBe(201);
    }
    const pk = keys.company(doomed.companyId).PK;
    expect((await partition(pk)).length).toBeGreaterThanOrEqual(5);
    const [partial] = await addFaults({
      service: 'dynamodb',
      operation: 'BatchWriteItem',
      fault: 'Unprocessed',
      keep: 0.4,
      count: 3,
      match: `${pk}"`,
    });
    const res = await call('deleteCompany', { params: { companyId: doomed.companyId }, session: doomed.sessionId });
    expect(res.status).toBe(204);
    expect(await injectedBy(partial!)).toBeGreaterThanOrEqual(1);
    expect(await partition(pk)).toEqual([]);
  });

  it("an answer's part upload meeting S3 SlowDown goes through when sent again, and a failed transcode marks the answer failed", async () => {
    const { candidateId, token, answerId, uploadUrl, mediaId } = await answerStarted('Failing media', 'Media Fails');
    const [slowDown, jobFailed] = await addFaults(
      { service: 's3', operation: 'UploadPart', fault: 'SlowDown', count: 1, match: `/uploads/${mediaId}/` },
      { service: 'mediaconvert', operation: 'CreateJob', fault: 'JobFailed', count: 1, match: mediaId },
    );
    // The browser's PUT to the presigned URL meets the 503 as it would S3's, CORS headers and all.
    const clip = (await makeClip(2)).bytes;
    const origin = baseUrl();
    const refused = await fetch(uploadUrl, { method: 'PUT', body: clip, headers: { origin } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('access-control-allow-origin')).toBe(origin);
    expect(await refused.text()).toContain('<Code>SlowDown</Code>');
    const put = await fetch(uploadUrl, { method: 'PUT', body: clip, headers: { origin } });
    expect(put.status).toBe(200);
    expect(await injectedBy(slowDown!)).toBe(1);
    const submitted = await call('submitAnswer', {
      params: { token, answerId },
      body: { parts: [{ part_number: 1, etag: put.headers.get('etag')! }] },
    });
    expect(submitted.status).toBe(200);
    await expect.poll(() => uploadStatusOf(candidateId), { timeout: 60_000, interval: 500 }).toBe('failed');
    expect(await injectedBy(jobFailed!)).toBe(1);
  });

  it('a submission whose processing Step Functions refused for good answers 503, and sending it again starts the processing', async () => {
    const { candidateId, token, answerId, uploadUrl, mediaId } = await answerStarted('Unstarted media', 'Sent Twice');
    const put = await fetch(uploadUrl, { method: 'PUT', body: (await makeClip(1)).bytes });
    expect(put.status).toBe(200);
    // Every one of the SDK's attempts to start the pipeline is throttled.
    const [throttled] = await addFaults({ service: 'sfn', operation: 'StartExecution', fault: 'ThrottlingException', count: 3, match: mediaId });
    const body = { parts: [{ part_number: 1, etag: put.headers.get('etag')! }] };
    const first = await call('submitAnswer', { params: { token, answerId }, body });
    expect(first.status).toBe(503);
    expect(first.body.code).toBe('service_unavailable');
    expect(first.headers.get('retry-after')).toBe('2');
    expect(await injectedBy(throttled!)).toBe(3);
    // The browser sends it again: the answer was recorded by the first, and its processing starts now.
    const again = await call('submitAnswer', { params: { token, answerId }, body });
    expect(again.status).toBe(200);
    await expect.poll(() => uploadStatusOf(candidateId), { timeout: 150_000, interval: 1000 }).toBe('ready');
  }, 240_000);

  it('SES throttling an invitation: the candidate is created and the mail sent once, after the SDK retries', async () => {
    const positionId = await createPosition(owner, 'Throttled mail');
    const email = uniqueEmail('ses');
    const [throttle] = await addFaults({ service: 'ses', operation: 'SendEmail', fault: 'TooManyRequestsException', count: 2, match: email });
    const res = await call('inviteCandidate', {
      params: { positionId },
      session: owner.sessionId,
      body: { candidate_name: 'Mail Throttled', email },
    });
    expect(res.status).toBe(201);
    expect(await mailArriving(email, () => true)).toBeDefined();
    expect(await mailTo(email)).toHaveLength(1);
    expect(await injectedBy(throttle!)).toBe(2);
    expect((await faultState()).injected.ses?.SendEmail).toBeGreaterThanOrEqual(2);
  });
});
