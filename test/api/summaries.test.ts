import { ListExecutionsCommand } from '@aws-sdk/client-sfn';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { href, paths } from '../../lambdas/contracts/app-paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SUMMARY_MONTHLY_TOKEN_BUDGET, summaryMonth, type StoredAnswerSummary, type StoredSummaryOverview } from '../../lambdas/contracts/summaries';
import { keys } from '../../lambdas/data/keys';
import { addMonths } from '../../lambdas/domain/retention';
import { baseUrl, call } from '../support/api';
import { allocateCredits, localDb, localEnv, localSfn } from '../support/aws';
import { mailArriving, registerAndSignIn, uniqueEmail } from '../support/accounts';
import { answeredPosition, tokenFromHref } from '../support/interviews';
import { makeClip } from '../support/media';

/**
 * The routes and views of summaries (issue 41): the owner's company setting, what the team's
 * candidate page, the share page, the candidate's interview, the account and the CSV export show of
 * stored summaries while it is on or off, the reviewer's preference, and that summaries go with the
 * candidate (deletion, retention) and the usage items with the company.
 *
 * The summaries here are written straight into the answer and candidate items, as the summarising
 * step stores them: this file is about what the API does with them. The pipeline's own path (the
 * Bedrock stand-in's summary, citations checked, failures, the budget) is
 * test/api/summaries-pipeline.test.ts.
 */

type Owner = Awaited<ReturnType<typeof registerAndSignIn>>;
const table = () => localEnv().TABLE_NAME;
const db = () => localDb();

const item = async (key: { PK: string; SK: string }) =>
  (await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
const partition = async (pk: string) =>
  (
    await db().send(
      new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }),
    )
  ).Items ?? [];

const points = [
  { second: 0.4, quote: 'hello and welcome', text: 'Opens with a greeting.' },
  { second: 1.6, quote: 'five years of experience', text: 'Has five years of experience with software.' },
];
const storedSummary = (status: StoredAnswerSummary['status'] = 'ready'): StoredAnswerSummary => ({
  status,
  points: status === 'ready' ? points : [],
  droppedPoints: 1,
  model: 'amazon.nova-micro-v1:0',
  transcriptVersion: 'seeded',
  createdAt: new Date().toISOString(),
});
const storedOverview: StoredSummaryOverview = {
  status: 'ready',
  lines: [{ text: 'Has five years of experience with software.', questionIndex: 0, second: 1.6, quote: 'five years of experience' }],
  createdAt: new Date().toISOString(),
};

/** Stores a summary on the answer item of the question, as the summarising step does. */
const seedSummary = (candidateId: string, questionIndex: number, summary: StoredAnswerSummary) =>
  db().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.answer(candidateId, questionIndex),
      UpdateExpression: 'SET #summary = :summary',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#summary': 'summary' },
      ExpressionAttributeValues: { ':summary': summary },
    }),
  );
const seedOverview = (candidateId: string) =>
  db().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.candidate(candidateId),
      UpdateExpression: 'SET summaryOverview = :overview',
      ExpressionAttributeValues: { ':overview': storedOverview },
    }),
  );

const putSummaries = (owner: { sessionId: string }, companyId: string, body: unknown) =>
  call('putSummaries', { params: { companyId }, session: owner.sessionId, body });
const readCandidate = (owner: Owner, candidateId: string) => call('getCandidate', { params: { candidateId }, session: owner.sessionId });

/** Until no execution of the media pipeline runs any more (its summarising step reads the setting: none may still be running when it changes). */
const pipelineIdle = async () => {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const running = await localSfn().send(new ListExecutionsCommand({ stateMachineArn: localEnv().STATE_MACHINE_ARN, statusFilter: 'RUNNING' }));
    if ((running.executions ?? []).length === 0 || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};

const joinAsMember = async (owner: Owner) => {
  const memberEmail = uniqueEmail('member');
  expect((await call('inviteMember', { params: { companyId: owner.companyId }, session: owner.sessionId, body: { email: memberEmail } })).status).toBe(201);
  const invitePrefix = href(paths.memberInvite.to(''));
  const mail = await mailArriving(memberEmail, (m) => m.text.includes(invitePrefix));
  const nonce = new RegExp(`${invitePrefix}([A-Za-z0-9_-]+)`).exec(mail?.text ?? '')?.[1];
  const joined = await call('confirmMemberInvite', { body: { nonce: nonce! } });
  expect(joined.status).toBe(201);
  return joined.body.session_id as string;
};

describe('summaries: the setting, the views, the preference, the export and deletion', () => {
  let owner: Owner;
  let stranger: Owner;
  let member: string;
  let positionId: string;
  let ada: string;
  let ben: string;
  let cara: string;
  beforeAll(async () => {
    let clip: Uint8Array;
    [owner, stranger, { bytes: clip }] = await Promise.all([registerAndSignIn('Summaries Co'), registerAndSignIn('Other Co'), makeClip(2)]);
    await allocateCredits(owner.companyId, 20);
    member = await joinAsMember(owner);
    // Summaries are off while they are processed: the pipeline makes none, and what is seeded below stays as seeded.
    const answered = await answeredPosition(owner, { jobTitle: 'Summarised role', questions: ['Tell us about yourself', 'Why us?'], names: ['Ada', 'Ben', 'Cara'], clip });
    positionId = answered.positionId;
    [ada, ben, cara] = ['Ada', 'Ben', 'Cara'].map((name) => answered.ids.get(name)!) as [string, string, string];
    await pipelineIdle();
    await Promise.all([
      seedSummary(ada, 0, storedSummary()),
      seedSummary(ada, 1, storedSummary('unavailable')),
      seedOverview(ada),
      seedSummary(ben, 0, storedSummary()),
      seedOverview(ben),
      seedSummary(cara, 0, storedSummary()),
      seedOverview(cara),
    ]);
  }, 400_000);

  it('is off by default, and only the owner sets it (a member 403, another company 404, a bad body 400 saying what is wrong)', async () => {
    const company = await call('getCompany', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect(company.status).toBe(200);
    expect(company.body.summaries).toEqual({ enabled: false, show_on_share_page: false });
    expect(company.body.summaries_usage).toEqual({
      month: summaryMonth(new Date()),
      input_tokens: 0,
      output_tokens: 0,
      budget_tokens: DEFAULT_SUMMARY_MONTHLY_TOKEN_BUDGET,
      paused: false,
    });
    // A member reads the setting, not the usage, and may not change it.
    const asMember = await call('getCompany', { params: { companyId: owner.companyId }, session: member });
    expect(asMember.body.summaries).toEqual({ enabled: false, show_on_share_page: false });
    expect(asMember.body.summaries_usage).toBeNull();
    const refused = await putSummaries({ sessionId: member }, owner.companyId, { enabled: true, show_on_share_page: true });
    expect(refused.status).toBe(403);
    expect((await putSummaries(stranger, owner.companyId, { enabled: true, show_on_share_page: true })).status).toBe(404);

    for (const body of [{}, { enabled: true }, { enabled: 'yes', show_on_share_page: false }, { enabled: true, show_on_share_page: null }]) {
      const bad = await putSummaries(owner, owner.companyId, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.detail.length, JSON.stringify(bad.body)).toBeGreaterThan(0);
      expect(bad.body.detail[0].msg, JSON.stringify(bad.body)).toMatch(/^Say whether (summaries are on|the share page shows summaries): true or false\.$/);
    }
    expect((await call('getCompany', { params: { companyId: owner.companyId }, session: owner.sessionId })).body.summaries.enabled).toBe(false);

    // Off: nothing seeded shows anywhere, and the candidate is not told.
    const candidate = await readCandidate(owner, ada);
    expect(candidate.status).toBe(200);
    expect(candidate.body.answers.map((a: { summary: unknown }) => a.summary)).toEqual([null, null]);
    expect(candidate.body.summary_overview).toBeNull();
    const token = tokenFromHref(candidate.body.interview_href);
    expect((await call('getInterview', { params: { token } })).body.answers_summarised).toBe(false);
  });

  it('on: the team sees each answer summary and the overview, labelled machine-written; off again hides them at once', async () => {
    const saved = await putSummaries(owner, owner.companyId, { enabled: true, show_on_share_page: false });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ enabled: true, show_on_share_page: false });
    expect((await call('getCompany', { params: { companyId: owner.companyId }, session: owner.sessionId })).body.summaries).toEqual({
      enabled: true,
      show_on_share_page: false,
    });

    const candidate = await readCandidate(owner, ada);
    expect(candidate.status).toBe(200);
    const byQuestion = new Map(candidate.body.answers.map((a: { question_index: number; summary: unknown }) => [a.question_index, a.summary]));
    expect(byQuestion.get(0)).toEqual({ status: 'ready', points, machine_written: true });
    expect(byQuestion.get(1)).toEqual({ status: 'unavailable', points: [], machine_written: true });
    expect(candidate.body.summary_overview).toEqual({
      status: 'ready',
      lines: [{ text: storedOverview.lines[0]!.text, question_index: 0, second: 1.6, quote: 'five years of experience' }],
    });
    // What is stored for the pipeline (dropped points, model, transcript version) stays off the wire.
    expect(JSON.stringify(candidate.body)).not.toContain('dropped_points');
    // A member sees them as well.
    expect((await call('getCandidate', { params: { candidateId: ada }, session: member })).body.summary_overview).not.toBeNull();

    // The candidate is told on the welcome screen and the privacy note.
    expect((await call('getInterview', { params: { token: tokenFromHref(candidate.body.interview_href) } })).body.answers_summarised).toBe(true);

    // The change is in the company's audit log.
    const log = await call('listAuditLog', { params: { companyId: owner.companyId }, session: owner.sessionId });
    expect(log.status).toBe(200);
    expect(log.body.entries.find((e: { action: string }) => e.action === 'settings_changed')).toMatchObject({
      member: { user_id: owner.userId },
      detail: 'summaries on, on the share page off',
    });

    expect((await putSummaries(owner, owner.companyId, { enabled: false, show_on_share_page: false })).status).toBe(200);
    const hidden = await readCandidate(owner, ada);
    expect(hidden.body.answers.map((a: { summary: unknown }) => a.summary)).toEqual([null, null]);
    expect(hidden.body.summary_overview).toBeNull();
    // Still stored: switching on again shows them.
    expect((await item(keys.answer(ada, 0)))?.summary).toMatchObject({ status: 'ready' });
    expect((await putSummaries(owner, owner.companyId, { enabled: true, show_on_share_page: false })).status).toBe(200);
    expect((await readCandidate(owner, ada)).body.summary_overview).not.toBeNull();
  });

  it('shows them on the share page only while the company allows it', async () => {
    const shared = await call('createSharingDetails', { params: { candidateId: ada }, session: owner.sessionId });
    expect(shared.status).toBe(200);
    const publicCandidateId = shared.body.public_candidate_id as string;
    const page = () => call('getPublicCandidate', { params: { publicCandidateId } });

    await putSummaries(owner, owner.companyId, { enabled: true, show_on_share_page: false });
    let body = (await page()).body;
    expect(body.answers.map((a: { summary: unknown }) => a.summary)).toEqual([null, null]);
    expect(body.summary_overview).toBeNull();

    await putSummaries(owner, owner.companyId, { enabled: true, show_on_share_page: true });
    body = (await page()).body;
    const first = body.answers.find((a: { question_index: number }) => a.question_index === 0);
    expect(first?.summary).toEqual({ status: 'ready', points, machine_written: true });
    expect(body.summary_overview?.lines).toHaveLength(1);

    // Off for the company: off on the share page too, whatever it says about the share page.
    await putSummaries(owner, owner.companyId, { enabled: false, show_on_share_page: true });
    body = (await page()).body;
    expect(body.answers.map((a: { summary: unknown }) => a.summary)).toEqual([null, null]);
    expect(body.summary_overview).toBeNull();
    await putSummaries(owner, owner.companyId, { enabled: true, show_on_share_page: false });
  });

  it("keeps a reviewer's preference to hide summaries on their account; the API still returns the summaries", async () => {
    const me = await call('getMe', { session: owner.sessionId });
    expect(me.status).toBe(200);
    expect(me.body.preferences).toEqual({ hide_summaries: false });
    const saved = await call('putPreferences', { session: owner.sessionId, body: { hide_summaries: true } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ hide_summaries: true });
    expect((await call('getMe', { session: owner.sessionId })).body.preferences).toEqual({ hide_summaries: true });
    // The member's own is untouched.
    expect((await call('getMe', { session: member })).body.preferences).toEqual({ hide_summaries: false });
    // A view preference, not access control.
    expect((await readCandidate(owner, ada)).body.summary_overview).not.toBeNull();

    const bad = await call('putPreferences', { session: owner.sessionId, body: { hide_summaries: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail[0].loc).toContain('hide_summaries');
    expect(bad.body.detail[0].msg).toBe('Say whether to hide summaries: true or false.');
    expect((await call('putPreferences', { body: { hide_summaries: false } })).status).toBe(401);
    expect((await call('putPreferences', { session: owner.sessionId, body: { hide_summaries: false } })).body).toEqual({ hide_summaries: false });
  });

  it('puts a summary column in the CSV export while summaries are on', async () => {
    await putSummaries(owner, owner.companyId, { enabled: true, show_on_share_page: false });
    const exported = await call('exportCandidates', { params: { positionId }, session: owner.sessionId });
    expect(exported.status).toBe(200);
    const rows = exported.body.rows as { candidate_name: string; summary?: string }[];
    expect(rows.find((r) => r.candidate_name === 'Ada')?.summary).toBe(
      'Q1: [0:00] Opens with a greeting. | [0:01] Has five years of experience with software.',
    );
    expect(rows.every((r) => typeof r.summary === 'string')).toBe(true);

    await putSummaries(owner, owner.companyId, { enabled: false, show_on_share_page: false });
    const off = await call('exportCandidates', { params: { positionId }, session: owner.sessionId });
    expect((off.body.rows as { summary?: string }[]).some((r) => 'summary' in r)).toBe(false);
    await putSummaries(owner, owner.companyId, { enabled: true, show_on_share_page: false });
  });

  it("deletes the summaries with the candidate, and retention takes them too (read in the table)", async () => {
    expect((await item(keys.answer(cara, 0)))?.summary).toBeDefined();
    expect((await call('deleteCandidate', { params: { candidateId: cara }, session: owner.sessionId })).status).toBe(200);
    expect(await partition(keys.candidate(cara).PK)).toEqual([]);

    // Ben, inactive for 7 months under the default 6-month policy: the hourly job deletes him with his summaries.
    expect((await item(keys.answer(ben, 0)))?.summary).toBeDefined();
    const sevenMonthsAgo = addMonths(new Date(), -7).toISOString();
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.candidate(ben),
        UpdateExpression: 'SET lastActiveAt = :at, GSI5SK = :sk',
        ExpressionAttributeValues: { ':at': sevenMonthsAgo, ':sk': keys.candidateRetention(owner.companyId, sevenMonthsAgo, ben).GSI5SK },
      }),
    );
    const res = await fetch(`${baseUrl()}/_local/schedules/applyRetention?time=${encodeURIComponent(new Date().toISOString())}`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await partition(keys.candidate(ben).PK)).toEqual([]);
    // Ada is kept, with hers.
    expect((await item(keys.answer(ada, 0)))?.summary).toBeDefined();
  }, 120_000);

  it("deletes the company's usage items with the company", async () => {
    const doomed = await registerAndSignIn('Doomed Summaries Co');
    const month = summaryMonth(new Date());
    const lastMonth = summaryMonth(addMonths(new Date(), -1));
    for (const [m, tokens] of [
      [month, 1200],
      [lastMonth, 800],
    ] as const) {
      await db().send(
        new PutCommand({ TableName: table(), Item: { ...keys.summaryUsage(doomed.companyId, m), inputTokens: tokens, outputTokens: 100 } }),
      );
    }
    const company = await call('getCompany', { params: { companyId: doomed.companyId }, session: doomed.sessionId });
    expect(company.body.summaries_usage).toMatchObject({ month, input_tokens: 1200, output_tokens: 100, paused: false });

    expect((await call('deleteCompany', { params: { companyId: doomed.companyId }, session: doomed.sessionId })).status).toBe(204);
    expect(await partition(keys.summaryUsage(doomed.companyId, month).PK)).toEqual([]);
    expect(await item(keys.company(doomed.companyId))).toBeUndefined();
  });
});
