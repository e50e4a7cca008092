import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { call } from '../support/api';
import { registerAndSignIn, uniqueEmail } from '../support/accounts';
import { allocateCredits, localDb, localEnv, partition } from '../support/aws';
import { answerQuestion, interviewFixture, startAnswer, tokenFromHref, uploadParts } from '../support/interviews';
import { makeClip } from '../support/media';
import { memberInviteNonce } from '../support/route-fixtures';
import { streamRecordsHandedOver, streamsDrained } from '../support/streams';
import { faultRules, injectedBy } from '../support/faults';

/**
 * Reports (issue 40) end to end on the local stack: candidates invited, opening their link,
 * answering, reviewed, shortlisted, rejected and deleted through the API; the table's stream hands
 * each change to the aggregating function (lib/local/dynamodb-streams-poller.ts); the report routes
 * read the days. The figures are checked exactly, with a stream record handed over twice, a deletion,
 * and a period boundary in the company's time zone (New York), not UTC's.
 */
type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;
const faults = faultRules();
afterEach(faults.removeAll);
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

let owner: Owner;
let member: { sessionId: string; userId: string };
let clip: Uint8Array;
let positionId: string;
let hiddenPositionId: string;
/** Today in New York, the company's time zone (the candidates invited now are counted on it). */
let today: string;

const invite = async (position: string, name: string) => {
  const res = await call('inviteCandidate', {
    params: { positionId: position },
    session: owner.sessionId,
    body: { candidate_name: name, email: uniqueEmail('c') },
  });
  expect(res.status).toBe(201);
  return { candidateId: res.body.candidate_id as string, token: tokenFromHref(res.body.interview_href) };
};

const companyReport = (session: string, from: string, to: string) =>
  call('getCompanyReport', { params: { companyId: owner.companyId }, session, query: { from, to } });
const positionReport = (session: string, from: string, to: string) =>
  call('getPositionReport', { params: { positionId }, session, query: { from, to } });

beforeAll(async () => {
  // The function's own module runs in this process for the redelivery below, with the stack's table.
  const env = localEnv();
  for (const name of ['TABLE_NAME', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_ENDPOINT_URL_DYNAMODB'])
    process.env[name] = env[name];
  process.env.LOG_LEVEL = 'silent';
  [owner, { bytes: clip }] = await Promise.all([registerAndSignIn('Reports Co'), makeClip(2)]);
  await allocateCredits(owner.companyId, 100);
  expect(
    (await call('putTimeZone', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { time_zone: 'America/New_York' } })).status,
  ).toBe(200);
  today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

  const memberEmail = uniqueEmail('member');
  expect(
    (await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email: memberEmail } })).status,
  ).toBe(201);
  const joined = await call('confirmMemberInvite', { body: { nonce: await memberInviteNonce(memberEmail) } });
  member = { sessionId: joined.body.session_id, userId: joined.body.user_id };

  const create = async (jobTitle: string) => {
    const created = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: jobTitle, interview: interviewFixture({ questions: ['Why us?', 'What next?'], pacing: { retakes: 2 } }) },
    });
    expect(created.status).toBe(201);
    return created.body.position_id as string;
  };
  [positionId, hiddenPositionId] = await Promise.all([create('Report analyst'), create('Confidential role')]);
  // The second position is shared with the owner alone: the member's company report leaves it out.
  const read = await call('getPosition', { params: { positionId: hiddenPositionId }, session: owner.sessionId });
  const { position_id: _p, company_id: _c, current_status: _s, candidates: _n, created_at: _t, ...editable } = read.body;
  expect(
    (
      await call('updatePosition', {
        params: { positionId: hiddenPositionId },
        session: owner.sessionId,
        body: { ...editable, sharing: { user_ids: [owner.userId] } },
      })
    ).status,
  ).toBe(200);
}, 120_000);

describe('reports', () => {
  it('count the funnel, drop-off, durations, devices and paths exactly, once per change', async () => {
    // Ada: opens, answers both (two takes of the first, on a phone), is reviewed and shortlisted.
    const ada = await invite(positionId, 'Ada');
    expect((await call('getInterview', { params: { token: ada.token } })).status).toBe(200);
    const first = await call('startAnswer', {
      params: { token: ada.token },
      headers: { 'user-agent': PHONE },
      body: { question_index: 0, content_type: 'video/webm' },
    });
    expect(first.status).toBe(201);
    // (recorded into, so the next take is a retake: a take left empty is not counted)
    await uploadParts(ada.token, first.body.answer_id, clip, first.body.min_part_bytes);
    await answerQuestion(ada.token, 0, clip);
    expect((await answerQuestion(ada.token, 1, clip)).completed).toBe(true);
    expect((await call('getCandidate', { params: { candidateId: ada.candidateId }, session: owner.sessionId })).status).toBe(200);
    expect(
      (await call('setCandidateStatus', { params: { candidateId: ada.candidateId, status: 'shortlist' }, session: owner.sessionId })).status,
    ).toBe(200);

    // Ben: opens and records the first question once, then stops. Cy: invited only.
    const ben = await invite(positionId, 'Ben');
    await call('getInterview', { params: { token: ben.token } });
    const benTake = await startAnswer(ben.token, 0);
    await uploadParts(ben.token, benTake.body.answer_id, clip, benTake.body.min_part_bytes);
    await invite(positionId, 'Cy');

    // Dee: completes, is rejected, then deleted: she stays in the counts, as numbers.
    const dee = await invite(positionId, 'Dee');
    await answerQuestion(dee.token, 0, clip);
    await answerQuestion(dee.token, 1, clip);
    expect((await call('setCandidateStatus', { params: { candidateId: dee.candidateId, status: 'reject' }, session: owner.sessionId })).status).toBe(
      200,
    );
    expect((await call('deleteCandidate', { params: { candidateId: dee.candidateId }, session: owner.sessionId })).status).toBe(200);

    // Eve, on the position the member may not open.
    await invite(hiddenPositionId, 'Eve');

    await streamsDrained();
    const report = await positionReport(owner.sessionId, today, today);
    expect(report.status).toBe(200);
    const current = report.body.current;
    expect(current.funnel).toEqual({ invited: 4, opened: 3, started: 3, completed: 2, reviewed: 2, shortlisted: 1, rejected: 1 });
    expect(current.completion_rate).toBe(0.5);
    // Ada and Dee completed within a minute or two of starting, and were reviewed within minutes.
    expect(current.time_to_complete.count).toBe(2);
    expect(current.time_to_complete.median_seconds).toBeLessThanOrEqual(300);
    expect(current.time_to_first_review.count).toBe(2);
    expect(current.devices).toEqual({ phone: 1, desktop: 2 });
    expect(current.recorder_paths).toEqual({ browser: 4, live: 0 });
    expect(report.body.questions).toEqual([
      { index: 0, title: 'Why us?', reached: 3, answered: 2, retakes: 1 },
      { index: 1, title: 'What next?', reached: 2, answered: 2, retakes: 0 },
    ]);
    expect(report.body.days).toEqual([{ date: today, invited: 4, started: 3, completed: 2 }]);
    expect(report.body.time_zone).toBe('America/New_York');

    // The company: the owner sees both positions, the member the one shared with everyone.
    expect((await companyReport(owner.sessionId, today, today)).body.current.funnel.invited).toBe(5);
    const forMember = await companyReport(member.sessionId, today, today);
    expect(forMember.body.current.funnel).toEqual(current.funnel);
    expect(forMember.body.questions).toEqual([]);
    expect(
      (await call('getPositionReport', { params: { positionId: hiddenPositionId }, session: member.sessionId, query: { from: today, to: today } }))
        .status,
    ).toBe(404);

    // A stream record handed over again (Lambda retries a batch that failed after it) adds nothing:
    // the function is given Ada's review again, by its event id.
    const records = await streamRecordsHandedOver(keys.candidate(ada.candidateId).PK);
    expect(records.length).toBeGreaterThan(3);
    expect(records.every((record) => record.deliveries === 1 && record.outcome === 'done')).toBe(true);
    const { countCandidateChanges } = await import('../../lambdas/app/reports/count');
    const item = (
      await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.candidate(ada.candidateId), ConsistentRead: true }))
    ).Item!;
    const last = records[records.length - 1]!;
    const before = { ...item, currentStatus: 'responded' };
    const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;
    expect(
      await countCandidateChanges([{ eventId: last.eventID, sequenceNumber: last.sequenceNumber, before, after: item, changedAt: null }], silent),
    ).toBeNull();
    expect((await positionReport(owner.sessionId, today, today)).body.current.funnel).toEqual(current.funnel);
  }, 300_000);

  it("counts days in the company's time zone, and compares with the period before", async () => {
    // Invited at 02:30 UTC on 10 March: 9 March in New York (22:30 the day before).
    const seeded = `rep${Date.now().toString(36)}`;
    await localDb().send(
      new PutCommand({
        TableName: localEnv().TABLE_NAME,
        Item: {
          ...keys.candidate(seeded),
          type: 'candidate',
          candidateId: seeded,
          positionId,
          companyId: owner.companyId,
          currentStatus: 'invited',
          createdAt: '2026-03-10T02:30:00.000Z',
          preview: false,
          answeredCount: 0,
          attempts: {},
          answers: {},
          reportCounted: true,
        },
      }),
    );
    await streamsDrained();
    const ninth = await positionReport(owner.sessionId, '2026-03-09', '2026-03-09');
    expect(ninth.body.current.funnel.invited).toBe(1);
    const tenth = await positionReport(owner.sessionId, '2026-03-10', '2026-03-10');
    expect(tenth.body.current.funnel.invited).toBe(0);
    // The 10th's previous period is the 9th.
    expect(tenth.body.previous_period).toEqual({ from: '2026-03-09', to: '2026-03-09' });
    expect(tenth.body.previous.funnel.invited).toBe(1);
    // A week: its days, every one.
    const week = await positionReport(owner.sessionId, '2026-03-04', '2026-03-10');
    expect(week.body.days.map((day: { date: string; invited: number }) => [day.date, day.invited])).toEqual([
      ['2026-03-04', 0],
      ['2026-03-05', 0],
      ['2026-03-06', 0],
      ['2026-03-07', 0],
      ['2026-03-08', 0],
      ['2026-03-09', 1],
      ['2026-03-10', 0],
    ]);
  }, 120_000);

  it('refuses a period that is none, and strangers', async () => {
    const backwards = await companyReport(owner.sessionId, '2026-03-10', '2026-03-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.detail).toBe('The period must end on or after its first day.');
    expect((await companyReport(owner.sessionId, '2024-01-01', '2026-03-01')).body.detail).toBe('A report covers at most 366 days.');
    expect((await companyReport(owner.sessionId, '2026-02-30', '2026-03-01')).status).toBe(400);
    expect((await companyReport(owner.sessionId, 'yesterday', '2026-03-01')).status).toBe(400);
    const stranger = await registerAndSignIn('Stranger Co');
    expect((await companyReport(stranger.sessionId, today, today)).status).toBeGreaterThanOrEqual(403);
    expect((await call('getPositionReport', { params: { positionId }, session: stranger.sessionId, query: { from: today, to: today } })).status).toBe(
      404,
    );
    const zone = await call('putTimeZone', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { time_zone: 'Mars/Olympus' } });
    expect(zone.status).toBe(400);
    expect(JSON.stringify(zone.body)).toContain('Choose a time zone from the list.');
    expect(
      (await call('putTimeZone', { params: { companyId: owner.companyId }, session: member.sessionId, body: { time_zone: 'UTC' } })).status,
    ).toBe(403);
  }, 120_000);

  it('go with their company when it is deleted', async () => {
    const gone = await registerAndSignIn('Gone Co');
    await allocateCredits(gone.companyId, 5);
    const created = await call('createPosition', {
      params: { companyId: gone.companyId },
      session: gone.sessionId,
      body: { job_title: 'Short-lived', interview: interviewFixture({ questions: ['Why?'] }) },
    });
    const goneRole = created.body.position_id as string;
    expect(
      (
        await call('inviteCandidate', {
          params: { positionId: goneRole },
          session: gone.sessionId,
          body: { candidate_name: 'Flo', email: uniqueEmail('flo') },
        })
      ).status,
    ).toBe(201);
    await streamsDrained();
    const companyDays = keys.reportCompanyDay(gone.companyId, '').PK;
    const positionDays = keys.reportPositionDay(goneRole, '').PK;
    // The invite's day and its month, in each partition.
    expect((await partition(companyDays)).length).toBe(2);
    expect((await partition(positionDays)).length).toBe(2);
    expect((await call('deleteCompany', { params: { companyId: gone.companyId }, session: gone.sessionId })).status).toBe(204);
    await streamsDrained();
    expect(await partition(companyDays)).toEqual([]);
    expect(await partition(positionDays)).toEqual([]);
  }, 120_000);

  it('shows the candidate their interview when its first opening cannot be recorded', async () => {
    const flo = await invite(positionId, 'Flo');
    // Every write of the opening fails, the SDK's retries too (the candidate's id is in the request).
    const [rule] = await faults.add({
      service: 'dynamodb',
      operation: 'UpdateItem',
      fault: 'InternalServerError',
      count: 10,
      match: flo.candidateId,
    });
    const read = await call('getInterview', { params: { token: flo.token } });
    expect(read.status).toBe(200);
    expect(read.body.candidate_name).toBe('Flo');
    expect(await injectedBy(rule!)).toBeGreaterThan(0);
    const item = (
      await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.candidate(flo.candidateId), ConsistentRead: true }))
    ).Item!;
    expect(item.openedAt).toBeNull();
    // Once the table takes writes again, the next opening is recorded.
    await faults.removeAll();
    expect((await call('getInterview', { params: { token: flo.token } })).status).toBe(200);
    const after = (
      await localDb().send(new GetCommand({ TableName: localEnv().TABLE_NAME, Key: keys.candidate(flo.candidateId), ConsistentRead: true }))
    ).Item!;
    expect(typeof after.openedAt).toBe('string');
  }, 120_000);
});
