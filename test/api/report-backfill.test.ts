import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import type { backfillReportAggregates as Backfill } from '../../scripts/backfill-report-aggregates';
import { call } from '../support/api';
import { registerAndSignIn } from '../support/accounts';
import { localDb, localEnv } from '../support/aws';
import { interviewAsking } from '../support/interviews';
import { streamRecordsHandedOver, streamsDrained } from '../support/streams';

/**
 * Migration 006-report-aggregates against the local table: candidates seeded as they were before
 * reports existed (no `reportCounted`, no day items) are added to their company's and position's
 * days in the company's time zone, exactly; a second run adds nothing; a candidate changed between
 * the migration's read and its write is counted once, as it is now; one deleted meanwhile is not
 * counted; one counted already (the stream's) is left alone; a preview is not counted. The stack's
 * stream runs meanwhile, as it would in AWS: it adds nothing of the migration's writes, and counts the
 * changes after it.
 *
 * The migration writes with the product's own client (data/client.ts), so this process gets the
 * stack's table and endpoint in its environment before the module is imported, as the Lambdas do.
 */
const table = () => localEnv().TABLE_NAME;
const put = (item: Record<string, unknown>) => localDb().send(new PutCommand({ TableName: table(), Item: item }));
const get = async (key: { PK: string; SK: string }) =>
  (await localDb().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
/** A day item's counters (without its keys and labels). */
const countersOf = async (key: { PK: string; SK: string }) => {
  const item = await get(key);
  if (!item) return undefined;
  const { PK: _pk, SK: _sk, day: _day, companyId: _companyId, ...counters } = item;
  return counters;
};

let backfill: typeof Backfill;
beforeAll(async () => {
  const env = localEnv();
  for (const name of ['TABLE_NAME', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_ENDPOINT_URL_DYNAMODB'])
    process.env[name] = env[name];
  process.env.LOG_LEVEL = 'silent';
  backfill = (await import('../../scripts/backfill-report-aggregates')).backfillReportAggregates;
});

describe('migration 006-report-aggregates', () => {
  it("adds every candidate from before reports to their company's and position's days, once", async () => {
    const owner = await registerAndSignIn('Backfill Co');
    // As an owner sets it in Company settings (TIMEZONE is a DynamoDB reserved word: named, not written as it is).
    await localDb().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.company(owner.companyId),
        UpdateExpression: 'SET #zone = :zone',
        ExpressionAttributeNames: { '#zone': 'timeZone' },
        ExpressionAttributeValues: { ':zone': 'America/New_York' },
      }),
    );
    const created = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Night nurse', interview: interviewAsking('Why nursing?', 'A hard night') },
    });
    expect(created.status).toBe(201);
    const positionId = created.body.position_id as string;
    const { companyId } = owner;

    const tag = randomUUID().slice(0, 8);
    const ids = {
      late: `bf${tag}late`,
      done: `bf${tag}done`,
      going: `bf${tag}going`,
      preview: `bf${tag}preview`,
      moved: `bf${tag}moved`,
      counted: `bf${tag}counted`,
      deleted: `bf${tag}deleted`,
    };
    const questions = [
      { title: 'Why nursing?', content: '' },
      { title: 'A hard night', content: '' },
    ];
    const candidate = (candidateId: string, createdAt: string, extra: Record<string, unknown> = {}) =>
      put({
        ...keys.candidate(candidateId),
        type: 'candidate',
        candidateId,
        companyId,
        positionId,
        candidateName: candidateId,
        email: null,
        preview: false,
        currentStatus: 'invited',
        createdAt,
        completedAt: null,
        interview: { intro: null, questions, outro: null, pacing: { thinkingTime: null, answerTime: 60, retakes: 1 } },
        answeredCount: 0,
        attempts: {},
        answers: {},
        ...extra,
      });
    // 22:30 on 1 March in New York (03:30 UTC on the 2nd): the company's day is the 1st.
    await candidate(ids.late, '2026-03-02T03:30:00.000Z');
    // Opened, started on a phone, completed 30 min after starting (one retake of the first answer), first reviewed 2 h later, shortlisted.
    await candidate(ids.done, '2026-03-02T12:00:00.000Z', {
      currentStatus: 'shortlisted',
      openedAt: '2026-03-02T12:05:00.000Z',
      startedAt: '2026-03-02T12:10:00.000Z',
      startedOn: 'phone',
      completedAt: '2026-03-02T12:40:00.000Z',
      reviewedAt: '2026-03-02T14:40:00.000Z',
      answeredCount: 2,
      attempts: { q0: 2 },
      answers: { q0: { answerId: `${ids.done}-a0`, answerType: 'video' }, q1: { answerId: `${ids.done}-a1`, answerType: 'text' } },
    });
    // Started on a desktop, the first answer streamed live, not finished.
    await candidate(ids.going, '2026-03-02T14:00:00.000Z', {
      openedAt: '2026-03-02T14:01:00.000Z',
      startedAt: '2026-03-02T14:02:00.000Z',
      startedOn: 'desktop',
      answeredCount: 1,
      attempts: { q0: 1 },
      answers: { q0: { answerId: `${ids.going}-a0`, answerType: 'video', recorder: 'live' } },
    });
    await candidate(ids.preview, '2026-03-02T15:00:00.000Z', { preview: true, openedAt: '2026-03-02T15:00:00.000Z' });
    // Opened when the migration reads it; starts on a desktop before the migration writes.
    await candidate(ids.moved, '2026-03-02T16:00:00.000Z', { openedAt: '2026-03-02T16:00:00.000Z' });
    // Counted by the stream already (invited since reports exist): not the migration's. On a day of its
    // own, since the stack's stream may count it while this runs.
    await candidate(ids.counted, '2026-02-10T17:00:00.000Z', { reportCounted: true });
    // Deleted before the migration writes.
    await candidate(ids.deleted, '2026-03-02T18:00:00.000Z');

    const read = new Set<string>();
    const first = await backfill(localDb(), table(), {
      afterRead: async (item) => {
        const candidateId = String(item.candidateId);
        if (read.has(candidateId)) return;
        read.add(candidateId);
        if (candidateId === ids.moved)
          await localDb().send(
            new UpdateCommand({
              TableName: table(),
              Key: keys.candidate(ids.moved),
              UpdateExpression: 'SET startedAt = :at, startedOn = :on, attempts.q0 = :one',
              ExpressionAttributeValues: { ':at': '2026-03-02T16:05:00.000Z', ':on': 'desktop', ':one': 1 },
            }),
          );
        if (candidateId === ids.deleted) await localDb().send(new DeleteCommand({ TableName: table(), Key: keys.candidate(ids.deleted) }));
      },
    });
    // The table is shared with other tests: these counts are at least ours.
    expect(first.counted).toBeGreaterThanOrEqual(4);
    expect(first.skipped).toBeGreaterThanOrEqual(1);
    expect(first.gone).toBeGreaterThanOrEqual(1);
    expect(first.reread).toBeGreaterThanOrEqual(2);

    const expected = {
      companyFirst: { invited: 1 },
      companySecond: {
        invited: 3,
        opened: 3,
        started: 3,
        phone: 1,
        desktop: 2,
        completed: 1,
        // 30 min (1800 s) is DURATION_STEPS_SECONDS[6]; 2 h (7200 s) is [10].
        ttc_6: 1,
        reviewed: 1,
        ttr_10: 1,
        shortlisted: 1,
        browser: 1,
        live: 1,
      },
    };
    const positionSecond = { ...expected.companySecond, q0_reached: 3, q0_answered: 2, q0_retakes: 1, q1_reached: 1, q1_answered: 1 };
    const check = async () => {
      expect(await countersOf(keys.reportCompanyDay(companyId, '2026-03-01'))).toEqual(expected.companyFirst);
      expect(await countersOf(keys.reportCompanyDay(companyId, '2026-03-02'))).toEqual(expected.companySecond);
      expect(await countersOf(keys.reportPositionDay(positionId, '2026-03-01'))).toEqual(expected.companyFirst);
      expect(await countersOf(keys.reportPositionDay(positionId, '2026-03-02'))).toEqual(positionSecond);
      // Not the UTC days: the late invite is on the 1st in New York.
      expect(await get(keys.reportCompanyDay(companyId, '2026-03-03'))).toBeUndefined();
    };
    await check();
    // The stack's stream saw every write above (the seeding, the changes meanwhile, the migration's
    // marks) and added nothing of them: a candidate not counted yet is the migration's, and its mark is
    // not a change to count. The one the stream had counted (invited since reports exist) is there once.
    await streamsDrained();
    expect((await streamRecordsHandedOver(keys.candidate(ids.moved).PK)).map((r) => r.eventName)).toEqual(['INSERT', 'MODIFY', 'MODIFY']);
    await check();
    expect(await countersOf(keys.reportCompanyDay(companyId, '2026-02-10'))).toEqual({ invited: 1 });
    for (const id of [ids.late, ids.done, ids.going, ids.moved, ids.preview]) expect((await get(keys.candidate(id)))?.reportCounted).toBe(true);
    expect(await get(keys.candidate(ids.deleted))).toBeUndefined();
    expect(read.has(ids.counted)).toBe(false);

    // Again: nothing is added (every candidate is marked counted, and the Scan passes them by).
    const again = await backfill(localDb(), table());
    expect(again.reread).toBe(0);
    await streamsDrained();
    await check();
    expect(await countersOf(keys.reportCompanyDay(companyId, '2026-02-10'))).toEqual({ invited: 1 });

    // After it, the stream counts what changes: the unfinished candidate completes.
    await localDb().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.candidate(ids.going),
        UpdateExpression: 'SET completedAt = :at, currentStatus = :responded',
        ExpressionAttributeValues: { ':at': '2026-03-02T14:12:00.000Z', ':responded': 'responded' },
      }),
    );
    await streamsDrained();
    // 10 min from its start (600 s) is DURATION_STEPS_SECONDS[3].
    expect(await countersOf(keys.reportCompanyDay(companyId, '2026-03-02'))).toEqual({ ...expected.companySecond, completed: 2, ttc_3: 1 });

    // The report reads them: the company's figures for 1–2 March in its time zone.
    const report = await call('getCompanyReport', {
      params: { companyId },
      query: { from: '2026-03-01', to: '2026-03-02' },
      session: owner.sessionId,
    });
    expect(report.status).toBe(200);
    expect(report.body.time_zone).toBe('America/New_York');
    expect(report.body.current.funnel).toEqual({ invited: 4, opened: 3, started: 3, completed: 2, reviewed: 1, shortlisted: 1, rejected: 0 });
    expect(report.body.days).toEqual([
      { date: '2026-03-01', invited: 1, started: 0, completed: 0 },
      { date: '2026-03-02', invited: 3, started: 3, completed: 2 },
    ]);
  });
});
