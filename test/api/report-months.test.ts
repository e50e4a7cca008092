import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import type { rollUpReportMonths as RollUp } from '../../scripts/rollup-report-months';
import type { countCandidateChange as CountChange } from '../../lambdas/data/reports';
import { call } from '../support/api';
import { registerAndSignIn } from '../support/accounts';
import { localDb, localEnv } from '../support/aws';
import { interviewAsking } from '../support/interviews';

/**
 * Migration 007-report-months against the local table. A report reads month items and the days of the
 * months its periods cut; days counted before month items existed have none, so a report misses
 * their whole months until the migration sums every month from its days. Here day items are seeded
 * as the stream wrote them before months (no month items), the report is read before and after the
 * migration (exact after), a second run changes nothing, and a change the stream counts between the
 * migration's reads and its put (the real counting path, data/reports.ts countCandidateChange) makes
 * it sum that month again, so nothing is lost.
 *
 * The migration and the counting write with the product's own client (data/client.ts), so this
 * process gets the stack's table and endpoint in its environment before the modules are imported.
 */
const table = () => localEnv().TABLE_NAME;
const put = (item: Record<string, unknown>) => localDb().send(new PutCommand({ TableName: table(), Item: item }));
const get = async (key: { PK: string; SK: string }) => (await localDb().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;

let rollUp: typeof RollUp;
let countChange: typeof CountChange;
beforeAll(async () => {
  const env = localEnv();
  for (const name of ['TABLE_NAME', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_ENDPOINT_URL_DYNAMODB'])
    process.env[name] = env[name];
  process.env.LOG_LEVEL = 'silent';
  rollUp = (await import('../../scripts/rollup-report-months')).rollUpReportMonths;
  countChange = (await import('../../lambdas/data/reports')).countCandidateChange;
});

/** Day `n` days before today (UTC: the company keeps the default zone). */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe('migration 007-report-months', () => {
  it("sums every report month from its days: the report's whole months count again, exactly, and a change meanwhile is not lost", async () => {
    const owner = await registerAndSignIn('Months Co');
    const created = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Months', interview: interviewAsking('Why?') },
    });
    const positionId = created.body.position_id as string;
    // Day items from before months: 200 to 60 days ago, every 7th day, 3 invited and 1 completed each.
    const seeded: string[] = [];
    for (let n = 200; n >= 60; n -= 7) {
      const day = daysAgo(n);
      seeded.push(day);
      await put({ ...keys.reportCompanyDay(owner.companyId, day), day, invited: 3, completed: 1, ttc_2: 1 });
      await put({ ...keys.reportPositionDay(positionId, day), day, companyId: owner.companyId, invited: 3, completed: 1, ttc_2: 1, q0_reached: 1 });
    }
    const period = { from: daysAgo(180), to: daysAgo(0) };
    const inPeriod = seeded.filter((day) => day >= period.from);
    const inPrevious = seeded.filter((day) => day < period.from);
    const report = async () => {
      const res = await call('getCompanyReport', { params: { companyId: owner.companyId }, query: period, session: owner.sessionId });
      expect(res.status).toBe(200);
      return res.body as { current: { funnel: { invited: number; completed: number } }; previous: { funnel: { invited: number } }; days: { date: string; invited: number }[] };
    };
    const before = await report();
    // Without months, only the cut months' days the report reads by key are counted.
    expect(before.current.funnel.invited).toBeLessThan(3 * inPeriod.length);

    const partitions = new Set([keys.reportCompanyDay(owner.companyId, '').PK, keys.reportPositionDay(positionId, '').PK]);
    const raced = daysAgo(100).slice(0, 7);
    let racedOnce = false;
    const first = await rollUp(localDb(), table(), {
      afterRead: async (partition, month, attempt) => {
        // The stream counts a new candidate on a day of this month between the migration's reads and its put.
        if (partition !== keys.reportCompanyDay(owner.companyId, '').PK || month !== raced || attempt > 1) return;
        racedOnce = true;
        const day = `${raced}-15`;
        const candidate = {
          companyId: owner.companyId,
          positionId,
          preview: false,
          reportCounted: true,
          createdAt: `${day}T12:00:00.000Z`,
          currentStatus: 'invited',
          answeredCount: 0,
        };
        expect(await countChange(randomUUID(), null, candidate, 'UTC')).toBe('counted');
      },
    });
    expect(racedOnce).toBe(true);
    expect(first.again).toBeGreaterThanOrEqual(1);
    expect(first.months).toBeGreaterThanOrEqual([...partitions].length * 5);

    const racedDay = `${raced}-15`;
    const expectedCurrent = 3 * inPeriod.length + (racedDay >= period.from ? 1 : 0);
    const expectedPrevious = 3 * inPrevious.length + (racedDay < period.from ? 1 : 0);
    const after = await report();
    expect(after.current.funnel).toMatchObject({ invited: expectedCurrent, completed: inPeriod.length });
    expect(after.previous.funnel.invited).toBe(expectedPrevious);
    // The day-by-day series comes from the months: each seeded day of the period has its 3.
    for (const day of inPeriod) expect(after.days.find((d) => d.date === day)?.invited).toBe(3 + (day === racedDay ? 1 : 0));

    // The position's report: its months too (drop-off per question from them).
    const positionReport = await call('getPositionReport', { params: { positionId }, query: period, session: owner.sessionId });
    // (the raced candidate was counted on the position's day and month too)
    expect(positionReport.body.current.funnel.invited).toBe(expectedCurrent);
    expect(positionReport.body.questions[0]).toMatchObject({ reached: inPeriod.length });

    // A second run: the same sums.
    const month = keys.reportCompanyMonth(owner.companyId, seeded[3]!.slice(0, 7));
    const { monthWrites: _w, ...held } = (await get(month))!;
    await rollUp(localDb(), table());
    const { monthWrites: _w2, ...again } = (await get(month))!;
    expect(again).toEqual(held);
    expect((await report()).current.funnel).toEqual(after.current.funnel);
  });
});
