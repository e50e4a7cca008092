import type { CallSummary, RecordedInvocation } from '../../lib/local/dynamodb-calls';
import { addCredits, goal, median, printTable, putAll, RUNS, signUp, tableClient, type StackContext } from './support';
import { interviewFixture } from '../support/interviews';

/**
 * Issue 40: a report over 100,000 candidates and 365 days costs at most 3 Queries and answers in the
 * same time as over 100. Reports read aggregates, never candidates: the months both periods touch
 * (one Query) and the days of the months a period boundary cuts (one BatchGetItem), so what a report
 * reads is bounded (some 25 month items and 45 day items), not grown with its candidates nor with how
 * many of its days hold data: a company with 100,000 candidates invited over the report's 365 days (and
 * as many over the 365 days before, which the report compares with: every day of both periods has its
 * item, the most a 365-day report can read) in 10 positions, one with 1,000,000 (and as many before)
 * to show the time stops growing, against one with 100 candidates over the same days in one position.
 *
 * Seeding millions of candidates through the API would take days, so the day items are made as the
 * back-fill (migration 006) makes them: each candidate item, varied over the funnel, devices,
 * recorder paths, durations and retakes, goes through the product's own reportViewOfItem and
 * candidateContribution, the contributions are summed per day in memory, and the day items and
 * their month items (monthChange, as the stream ADDs them) are written with BatchWriteItem. The candidates themselves are not written (a report never reads them).
 *
 * Measured over HTTP against the local stack: the owner's company report and a position's report for
 * the last 365 days (days in the company's time zone), their DynamoDB calls counted by the local
 * Lambda runtime for the request (`GET /_local/dynamodb-calls`), their median time over HTTP, of the
 * function's invocation and of its Query (DynamoDB Local's share). Then the stream's lag: candidates
 * invited through the API, and the time from the invite's answer until their company's day item counts
 * them (the table's stream and the aggregating function; polled).
 */
const BIG = 100_000;
const SMALL = 100;
const DAYS = 365;
const HUGE = 1_000_000;
const BIG_POSITIONS = 10;
const QUESTIONS = ['Tell us about yourself', 'A hard day at work', 'Why this role?'];
const TIME_RATIO_GOAL = 1.5;
const RUNS_HERE = Math.max(RUNS, 9);
const QUERIES_GOAL = 3;
const LAG_INVITES = 5;
const LAG_TIMEOUT_MS = 60_000;

const DAY_MS = 86_400_000;

/** A deterministic spread in [0, 1) for candidate `i` and a salt (the same figures every run). */
const spread = (i: number, salt: number) => {
  const x = Math.sin(i * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
};

/** Candidate `i` of `count` invited over the `days` days ending on `lastDay` (UTC noon-ish, so the company's day is that day in any zone within ±11 h). */
const syntheticCandidate = (companyId: string, positionId: string, i: number, count: number, lastDay: number, days: number) => {
  const day = lastDay - Math.floor((i * days) / count);
  const created = day * DAY_MS + 12 * 3_600_000 + Math.floor(spread(i, 1) * 3_600_000);
  const at = (offsetSeconds: number) => new Date(created + offsetSeconds * 1000).toISOString();
  const roll = spread(i, 2);
  const opened = roll < 0.85;
  const started = roll < 0.7;
  const completed = roll < 0.55;
  const reviewed = completed && spread(i, 3) < 0.75;
  const startDelay = 600 + Math.floor(spread(i, 4) * 86_400);
  const completeAfter = 300 + Math.floor(spread(i, 5) * 7_200);
  const reviewAfter = 1_800 + Math.floor(spread(i, 6) * 604_800);
  const answered = completed ? QUESTIONS.length : started ? Math.floor(spread(i, 7) * QUESTIONS.length) : 0;
  const live = spread(i, 8) < 0.2;
  const attempts: Record<string, number> = {};
  const answers: Record<string, unknown> = {};
  for (let q = 0; q < (started ? Math.min(QUESTIONS.length, answered + 1) : 0); q++) {
    attempts[`q${q}`] = 1 + Math.floor(spread(i, 10 + q) * 2.2);
    if (q < answered) answers[`q${q}`] = { answerId: `a${i}-${q}`, answerType: 'video', ...(live ? { recorder: 'live' } : {}) };
  }
  const status = !completed ? 'invited' : reviewed && spread(i, 9) < 0.25 ? 'shortlisted' : reviewed && spread(i, 9) > 0.7 ? 'rejected' : 'responded';
  return {
    PK: `CANDIDATE#bench-report-${i}`,
    SK: 'CANDIDATE',
    companyId,
    positionId,
    preview: false,
    reportCounted: true,
    createdAt: at(0),
    openedAt: opened ? at(startDelay - 300) : null,
    startedAt: started ? at(startDelay) : null,
    startedOn: started ? (spread(i, 13) < 0.45 ? 'phone' : 'desktop') : null,
    completedAt: completed ? at(startDelay + completeAfter) : null,
    reviewedAt: reviewed ? at(startDelay + completeAfter + reviewAfter) : null,
    currentStatus: status,
    answeredCount: answered,
    attempts,
    answers,
  };
};

export const reportsFigure = async ({ api, url, env }: StackContext) => {
  const { GetCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { keys } = await import('../../lambdas/data/keys');
  const { reportViewOfItem } = await import('../../lambdas/data/reports');
  const { candidateContribution, dayIn, reportPeriods, sumCounters } = await import('../../lambdas/domain/reports');
  const { monthChange, monthOfDay, reportReadPlan } = await import('../../lambdas/domain/report-months');
  type Counters = Record<string, number>;
  const db = await tableClient(env);
  const interview = interviewFixture({ questions: QUESTIONS, pacing: { thinking_time: 30, answer_time: 120, retakes: 2 } });

  /** A company signed up through the API, its time zone set as an owner would (straight in the table: seeding), and its positions. */
  const company = async (name: string, timeZone: string, positions: number) => {
    const { session, companyId } = await signUp(url, api, name);
    await db.send(
      new UpdateCommand({
        TableName: env.TABLE_NAME,
        Key: keys.company(companyId),
        UpdateExpression: 'SET #zone = :zone',
        ExpressionAttributeNames: { '#zone': 'timeZone' },
        ExpressionAttributeValues: { ':zone': timeZone },
      }),
    );
    const positionIds: string[] = [];
    for (let p = 0; p < positions; p++) {
      const created = await api('createPosition', { params: { companyId }, body: { job_title: `${name} ${p + 1}`, interview }, session });
      if (typeof created.position_id !== 'string') throw new Error(`createPosition: ${JSON.stringify(created)}`);
      positionIds.push(created.position_id);
    }
    return { session, companyId, positionIds, timeZone };
  };

  const today = (timeZone: string) => dayIn(new Date().toISOString(), timeZone);
  const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
  const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

  /**
   * `count` candidates over `days` days up to `lastDay`, summed per day into the company's and the
   * positions' day items, and per month into their month items, as the back-fill adds them; what it
   * wrote per partition (each item's sort key and its size as JSON).
   */
  const written = new Map<string, Map<string, number>>();
  const seededMonths = new Map<string, Counters>();
  const seed = async (target: Awaited<ReturnType<typeof company>>, count: number, lastDay: number, days: number) => {
    const companyDays = new Map<string, Counters>();
    const positionDays = new Map<string, Counters>();
    for (let i = 0; i < count; i++) {
      const positionId = target.positionIds[i % target.positionIds.length]!;
      const contribution = candidateContribution(
        reportViewOfItem(syntheticCandidate(target.companyId, positionId, i, count, lastDay, days)),
        target.timeZone,
      );
      if (!contribution) continue;
      const positionDay = `${positionId} ${contribution.day}`;
      companyDays.set(contribution.day, sumCounters(companyDays.get(contribution.day) ?? {}, contribution.company));
      positionDays.set(positionDay, sumCounters(positionDays.get(positionDay) ?? {}, contribution.position));
    }
    const items: Record<string, unknown>[] = [
      ...[...companyDays].map(([day, counters]) => ({ ...keys.reportCompanyDay(target.companyId, day), day, ...counters })),
      ...[...positionDays].map(([key, counters]) => {
        const [positionId, day] = key.split(' ') as [string, string];
        return { ...keys.reportPositionDay(positionId, day), day, companyId: target.companyId, ...counters };
      }),
    ];
    // Months summed over this seed and any before it (the 365 days before end in the month this seed begins).
    const touched = new Map<string, Record<string, unknown>>();
    for (const item of items) {
      const { PK, SK: _sk, day, companyId, ...counters } = item as Record<string, string | number>;
      const month = monthOfDay(String(day));
      const key = `${String(PK)} ${month}`;
      seededMonths.set(key, sumCounters(seededMonths.get(key) ?? {}, monthChange(String(day), counters as Counters)));
      touched.set(key, { PK, SK: `MONTH#${month}`, month, ...(companyId ? { companyId } : {}) });
    }
    const all = [...items, ...[...touched].map(([key, labels]) => ({ ...labels, ...seededMonths.get(key) }))];
    for (const item of all) {
      const partition = written.get(String(item.PK)) ?? new Map<string, number>();
      partition.set(String(item.SK), JSON.stringify(item).length);
      written.set(String(item.PK), partition);
    }
    await putAll(env, all);
  };

  const period = (timeZone: string) => {
    const last = dayNumber(today(timeZone));
    return { last, query: { from: dayOf(last - DAYS + 1), to: dayOf(last) } };
  };
  /** A company with `count` candidates over its positions in the period, and as many in the period before when `before`. */
  const seeded = async (name: string, timeZone: string, count: number, positions: number, before: boolean) => {
    const target = await company(name, timeZone, positions);
    const { last, query } = period(timeZone);
    await seed(target, count, last, DAYS);
    if (before) await seed(target, count, last - DAYS, DAYS);
    return { ...target, count, query };
  };
  const small = await seeded('Reports 100', 'Europe/Berlin', SMALL, 1, false);
  const big = await seeded('Reports 100k', 'America/Los_Angeles', BIG, BIG_POSITIONS, true);
  const huge = await seeded('Reports 1M', 'Asia/Tokyo', HUGE, BIG_POSITIONS, true);

  /** What the local runtime recorded of the request's invocation: its DynamoDB calls, its duration and its Query's. */
  const invocationOf = async (requestId: string): Promise<RecordedInvocation> => {
    const { invocations } = (await (await fetch(`${url}/_local/dynamodb-calls?requestId=${encodeURIComponent(requestId)}`)).json()) as {
      invocations: RecordedInvocation[];
    };
    if (!invocations[0]) throw new Error(`no invocation recorded for ${requestId}`);
    return invocations[0];
  };
  /** One GET of the report: its time over HTTP and its request id. */
  const get = async (path: string, session: string) => {
    const started = performance.now();
    const res = await fetch(`${url}/api/v1${path}`, { headers: { 'x-session-id': session } });
    const body = (await res.json()) as Record<string, any>;
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return { ms, body, requestId: res.headers.get('apigw-requestid') ?? '' };
  };
  /**
   * The calls of the first request, then the medians of RUNS more (after that untimed one: the
   * function's cold start is the lambdas section's figure): over HTTP, the function's invocation, and
   * the Query of the days within it (DynamoDB Local's share).
   */
  const measure = async (path: string, session: string) => {
    const first = await get(path, session);
    const { summary: calls } = await invocationOf(first.requestId);
    const times: number[] = [];
    const functionTimes: number[] = [];
    const queryTimes: number[] = [];
    for (let i = 0; i < RUNS_HERE; i++) {
      const run = await get(path, session);
      const invocation = await invocationOf(run.requestId);
      times.push(run.ms);
      functionTimes.push(invocation.durationMs);
      queryTimes.push(invocation.calls.filter((c) => c.operation === 'Query').reduce((sum, c) => sum + ((c.endMs ?? c.startMs) - c.startMs), 0));
    }
    return {
      calls,
      ms: median(times),
      functionMs: median(functionTimes),
      queryMs: median(queryTimes),
      invited: first.body.current.funnel.invited as number,
      days: first.body.days.length as number,
    };
  };
  type Row = Awaited<ReturnType<typeof measure>> & { label: string; read: { items: number; bytes: number } };
  /** What of a partition the report reads (its plan: the months, the cut days), as seeded. */
  const readOf = (partition: string, query: { from: string; to: string }) => {
    const plan = reportReadPlan(reportPeriods(query.from, query.to).previousPeriod.from, query.from, query.to);
    const wanted = new Set(plan.days.map((day) => `DAY#${day}`));
    let items = 0;
    let bytes = 0;
    for (const [sk, size] of written.get(partition) ?? []) {
      const month = sk.startsWith('MONTH#') ? sk.slice('MONTH#'.length) : null;
      if (wanted.has(sk) || (month !== null && month >= plan.months.from && month <= plan.months.to)) {
        items += 1;
        bytes += size;
      }
    }
    return { items, bytes };
  };
  const reports: Row[] = [];
  for (const target of [small, big, huge]) {
    const candidates = (n: number) => `${n.toLocaleString('en')} candidates${target.count === SMALL ? '' : ', as many before'}`;
    const positionId = target.positionIds[0]!;
    for (const [label, path, partition, invited] of [
      [`company, ${candidates(target.count)}`, `/companies/${target.companyId}/report`, keys.reportCompanyDay(target.companyId, '').PK, target.count],
      [
        `position, ${candidates(target.count / target.positionIds.length)}`,
        `/positions/${positionId}/report`,
        keys.reportPositionDay(positionId, '').PK,
        target.count / target.positionIds.length,
      ],
    ] as const) {
      const figures = await measure(`${path}?from=${target.query.from}&to=${target.query.to}`, target.session);
      if (figures.invited !== invited) throw new Error(`${label}: the report counts ${figures.invited} invited, ${invited} were seeded`);
      reports.push({ label, ...figures, read: readOf(partition, target.query) });
    }
  }
  const callText = (s: CallSummary) =>
    `${s.calls} (${Object.entries(s.operations)
      .map(([op, n]) => `${op} ${n}`)
      .join(', ')})`;
  console.log(`\nReports (issue 40): a ${DAYS}-day report beside the ${DAYS} days before it, median of ${RUNS_HERE}\n`);
  printTable(
    ['report', 'items read (months, cut days)', 'DynamoDB calls', 'over HTTP', 'the function', 'its Query'],
    reports.map((r) => [
      r.label,
      `${r.read.items} (${(r.read.bytes / 1024).toFixed(0)} KB as JSON)`,
      callText(r.calls),
      `${r.ms.toFixed(1)} ms`,
      `${r.functionMs.toFixed(1)} ms`,
      `${r.queryMs.toFixed(1)} ms`,
    ]),
  );
  const [smallCompany, smallPosition, bigCompany, bigPosition, hugeCompany, hugePosition] = [0, 1, 2, 3, 4, 5].map((i) => reports[i]!) as [
    Row,
    Row,
    Row,
    Row,
    Row,
    Row,
  ];
  const queries = (r: Row) => r.calls.operations.Query ?? 0;
  goal({
    figure: `Reports: Queries of a ${DAYS}-day report, company and position (${SMALL} / ${BIG.toLocaleString('en')} / ${HUGE.toLocaleString('en')} candidates)`,
    value: `company ${[smallCompany, bigCompany, hugeCompany].map(queries).join(' / ')}, position ${[smallPosition, bigPosition, hugePosition].map(queries).join(' / ')}`,
    goal: `≤ ${QUERIES_GOAL} Queries`,
    met: reports.every((r) => queries(r) <= QUERIES_GOAL),
  });
  const ratio = (r: Row, base: Row) => `${(r.ms / base.ms).toFixed(2)} (${r.ms.toFixed(1)} / ${base.ms.toFixed(1)} ms)`;
  goal({
    figure: `Reports: time at ${BIG.toLocaleString('en')} ÷ at ${SMALL} candidates (company; position)`,
    value: `${ratio(bigCompany, smallCompany)}; ${ratio(bigPosition, smallPosition)}`,
    goal: `≤ ${TIME_RATIO_GOAL}`,
    met: bigCompany.ms / smallCompany.ms <= TIME_RATIO_GOAL && bigPosition.ms / smallPosition.ms <= TIME_RATIO_GOAL,
  });
  goal({
    figure: `Reports: time at ${HUGE.toLocaleString('en')} ÷ at ${BIG.toLocaleString('en')} candidates (company; position)`,
    value: `${ratio(hugeCompany, bigCompany)}; ${ratio(hugePosition, bigPosition)}`,
    goal: `≤ ${TIME_RATIO_GOAL} (a report reads days, not candidates)`,
    met: hugeCompany.ms / bigCompany.ms <= TIME_RATIO_GOAL && hugePosition.ms / bigPosition.ms <= TIME_RATIO_GOAL,
  });

  // The stream's lag: an invite through the API, then the company's day item polled until it counts it.
  await addCredits(env, small.companyId, LAG_INVITES);
  const invitedToday = async () => {
    const { Item } = await db.send(
      new GetCommand({
        TableName: env.TABLE_NAME,
        Key: keys.reportCompanyDay(small.companyId, today(small.timeZone)),
        ProjectionExpression: 'invited',
        ConsistentRead: true,
      }),
    );
    return Number(Item?.invited ?? 0);
  };
  const lags: (number | null)[] = [];
  for (let i = 0; i < LAG_INVITES; i++) {
    const before = await invitedToday();
    const invited = await api('inviteCandidate', {
      params: { positionId: small.positionIds[0]! },
      session: small.session,
      body: { candidate_name: `Lag ${i + 1}`, email: null },
    });
    if (typeof invited.candidate_id !== 'string') throw new Error(`inviteCandidate: ${JSON.stringify(invited)}`);
    // From the invite's answer: the candidate item was committed by then.
    const started = performance.now();
    let lag: number | null = null;
    while (performance.now() - started < LAG_TIMEOUT_MS) {
      if ((await invitedToday()) > before) {
        lag = performance.now() - started;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    lags.push(lag);
    // Not counted at all (no stream running?): the others would only wait as long.
    if (lag === null) break;
  }
  const arrived = lags.filter((lag): lag is number => lag !== null);
  console.log(
    `\nReports: the stream's lag, from an invite's answer to its company day counting it (${LAG_INVITES} invites, one after another): ` +
      `${lags.map((lag) => (lag === null ? `not within ${LAG_TIMEOUT_MS / 1000} s (the rest not tried)` : `${lag.toFixed(0)} ms`)).join(', ')}`,
  );
  goal({
    figure: `Reports: the stream's lag, invite to its day's aggregate (median / max of ${LAG_INVITES})`,
    value:
      arrived.length > 0
        ? `${median(arrived).toFixed(0)} / ${Math.max(...arrived).toFixed(0)} ms, ${arrived.length} of ${LAG_INVITES} counted`
        : 'none counted',
    goal: `every invite counted, within ${LAG_TIMEOUT_MS / 1000} s`,
    met: arrived.length === LAG_INVITES,
  });
  db.destroy();
};
