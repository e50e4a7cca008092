import type { Route } from '../../lambdas/operations/index';
import { median, printTable, putAll, RUNS, tableClient, type StackContext } from './support';
import { interviewFixture } from '../support/interviews';

/**
 * Issue 17, "exports off the request path" and "scheduled jobs": the candidates CSV export at
 * 10,000 candidates with ratings (its time over HTTP, and the DynamoDB calls it makes, counted on
 * the data layer's client by running the same use case in this process), and the scheduled jobs'
 * partitions.
 */

const CANDIDATES = 10_000;
/** Batch writes in flight while seeding. */
const SEED_IN_FLIGHT = 8;

/**
 * The DynamoDB calls the data layer's client makes while `run` runs, by command (QueryCommand, …),
 * counted by a middleware on the one client every data-access module uses.
 */
export const countCalls = async <T>(run: () => Promise<T>): Promise<{ result: T; calls: Record<string, number> }> => {
  const { dynamodb } = await import('../../lambdas/data/client');
  const calls: Record<string, number> = {};
  const name = `bench-count-${Date.now()}`;
  dynamodb.middlewareStack.add(
    (next, context) => (args) => {
      calls[context.commandName ?? 'unknown'] = (calls[context.commandName ?? 'unknown'] ?? 0) + 1;
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    return { result: await run(), calls };
  } finally {
    dynamodb.middlewareStack.remove(name);
  }
};

/**
 * The CSV export of a position with 10,000 candidates: 7 in 10 responded with two rated answers,
 * the rest invited. Written straight into DynamoDB Local with the product's own keys and the
 * layout the product writes (answer items with their rating, and the candidate's answers map).
 */
const exportFigure = async ({ api, env, session, companyId }: StackContext) => {
  const { keys } = await import('../../lambdas/data/keys');
  const { routes } = await import('../../lambdas/operations/index');
  const { DEFAULT_TIMEOUT_SECONDS } = await import('../../lib/functions');
  const db = await tableClient(env);
  const table = env.TABLE_NAME!;
  const interview = interviewFixture({ questions: ['Q1', 'Q2'], pacing: { thinking_time: 30, answer_time: 60, retakes: 0 } });
  const { position_id: positionId } = await api('createPosition', { params: { companyId }, body: { job_title: 'Export bench', interview }, session });
  // A position open for 31 days, its candidates invited over the first 30 of them.
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const DAY = 86_400_000;
  const base = Date.now() - 31 * DAY;
  await db.send(
    new UpdateCommand({
      TableName: table,
      Key: keys.position(positionId),
      UpdateExpression: 'SET createdAt = :createdAt, GSI1SK = :sk',
      ExpressionAttributeValues: {
        ':createdAt': new Date(base).toISOString(),
        ':sk': keys.positionByCompany(companyId, 'open', new Date(base).toISOString(), positionId).GSI1SK,
      },
    }),
  );
  const every = (30 * DAY) / CANDIDATES;
  const items: Record<string, unknown>[] = [];
  const expected = new Map<string, number | null>();
  for (let i = 0; i < CANDIDATES; i++) {
    const candidateId = `export${String(i).padStart(8, '0')}`;
    const createdAt = new Date(base + i * every).toISOString();
    const responded = i % 10 < 7;
    const completedAt = responded ? new Date(base + i * every + 3_600_000).toISOString() : null;
    const ratings = responded ? [1 + (i % 5), i % 3 === 0 ? null : 1 + ((i * 7) % 5)] : [];
    const answers = Object.fromEntries(
      ratings.map((rating, q) => [
        `q${q}`,
        { answerId: `${candidateId}a${q}`, mediaId: `${candidateId}m${q}`, ...(rating === null ? {} : { rating }) },
      ]),
    );
    const rated = ratings.filter((r): r is number => r !== null);
    expected.set(`Candidate ${i}`, rated.length === 0 ? null : Math.round((rated.reduce((a, b) => a + b, 0) / rated.length) * 10) / 10);
    items.push({
      ...keys.candidate(candidateId),
      ...keys.candidateByPosition(positionId, createdAt, candidateId),
      ...keys.candidateByStatus(positionId, responded ? 'responded' : 'invited', completedAt ?? createdAt, candidateId),
      ...(completedAt ? keys.candidateDone(positionId, completedAt, candidateId) : {}),
      type: 'candidate',
      candidateId,
      positionId,
      companyId,
      candidateName: `Candidate ${i}`,
      email: `candidate${i}@example.com`,
      searchText: `candidate ${i}\ncandidate${i}@example.com`,
      currentStatus: responded ? 'responded' : 'invited',
      createdAt,
      expiresAt: null,
      completedAt,
      interviewToken: `token${candidateId}`.padEnd(43, 'x'),
      preview: false,
      jobTitle: 'Export bench',
      interview: {
        intro: null,
        questions: [
          { title: 'Q1', content: '' },
          { title: 'Q2', content: '' },
        ],
        outro: null,
        pacing: { thinkingTime: 30, answerTime: 60, retakes: 0 },
      },
      answeredCount: ratings.length,
      attempts: {},
      answers,
    });
    ratings.forEach((rating, q) =>
      items.push({
        ...keys.answer(candidateId, q),
        ...keys.answerById(`${candidateId}a${q}`),
        type: 'answer',
        answerId: `${candidateId}a${q}`,
        candidateId,
        positionId,
        companyId,
        questionIndex: q,
        mediaId: `${candidateId}m${q}`,
        rating,
        createdAt: completedAt,
      }),
    );
  }
  const seedStarted = performance.now();
  await putAll(env, items, SEED_IN_FLIGHT);
  console.log(
    `\nCSV export: seeded ${CANDIDATES.toLocaleString('en')} candidates (${items.length.toLocaleString('en')} items) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  // Over HTTP: the function as deployed (its bundle, its timeout). A run that fails (the timeout) is reported, not thrown.
  const times: number[] = [];
  let failure: string | null = null;
  for (let i = 0; i < Math.min(RUNS, 3) && failure === null; i++) {
    const started = performance.now();
    const body = await api('exportCandidates', { params: { positionId }, session });
    times.push(performance.now() - started);
    if (!Array.isArray(body.rows)) {
      failure = String(body.code ?? 'failed');
      break;
    }
    const wrong = body.rows.filter((row: Record<string, any>) => expected.get(row.candidate_name) !== row.rating);
    if (body.rows.length !== CANDIDATES || wrong.length > 0) throw new Error(`export: ${body.rows.length} rows, ${wrong.length} with a wrong rating`);
  }

  const { user } = await api('getMe', { session });
  const { exportCandidateRows } = await import('../../lambdas/app/review/export');
  // The same use case in this process, its calls counted on the data layer's client (and timed without a timeout).
  const inProcessStarted = performance.now();
  const { calls } = await countCalls(() => exportCandidateRows(positionId, user.user_id));
  const inProcessMs = performance.now() - inProcessStarted;
  const queries = calls.QueryCommand ?? 0;
  const batchGets = calls.BatchGetCommand ?? 0;
  const ms = median(times);
  const route: Route = routes.exportCandidates;
  const timeout = route.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
  printTable(
    ['candidates', 'export over HTTP (median)', 'in process', 'Query', 'BatchGet', 'all DynamoDB calls', 'function timeout'],
    [
      [
        CANDIDATES.toLocaleString('en'),
        failure === null ? `${ms.toFixed(0)} ms` : `${failure} after ${ms.toFixed(0)} ms`,
        `${inProcessMs.toFixed(0)} ms`,
        String(queries),
        String(batchGets),
        Object.entries(calls)
          .map(([command, n]) => `${command.replace(/Command$/, '')}×${n}`)
          .join(' '),
        `${timeout} s`,
      ],
    ],
  );
  return { ms, failure, queries, batchGets, timeout };
};

/**
 * The scheduled jobs' partitions: how many shards each reads, what one read of what is due costs
 * (Queries and their Limit, counted on the data layer's client), and how 1,000,000 pending items
 * would spread over the keys (the shard function itself). Then 1,000 due planned messages, for
 * candidates who are gone, taken by one run of the real job over the local stack.
 */
const scheduleFigure = async ({ url, env }: StackContext) => {
  const { randomBytes } = await import('node:crypto');
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const { keys, schedulePartitions, scheduleShard, SCHEDULE_SHARDS } = await import('../../lambdas/data/keys');
  const { dynamodb } = await import('../../lambdas/data/client');
  const { expiredInvites } = await import('../../lambdas/data/candidates/lists');
  const { dueMessages } = await import('../../lambdas/data/planned-messages');
  const { dueResults } = await import('../../lambdas/data/integrations/results');
  const { integrationsToSync } = await import('../../lambdas/data/integrations/integration');
  const runAt = new Date('2000-01-02T00:00:00.000Z');

  /** The Queries `run` makes: their partition keys and Limits. */
  const queriesOf = async (run: () => Promise<unknown>) => {
    const queries: { pk: string; limit: number | undefined }[] = [];
    const name = `bench-queries-${Date.now()}`;
    dynamodb.middlewareStack.add(
      (next, context) => (args) => {
        // Before or after the document client's marshalling: a string or {S}.
        const input = args.input as { ExpressionAttributeValues?: Record<string, string | { S?: string }>; Limit?: number };
        const pk = input.ExpressionAttributeValues?.[':pk'];
        if (context.commandName === 'QueryCommand') queries.push({ pk: String(typeof pk === 'object' ? pk.S : pk), limit: input.Limit });
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      await run();
    } finally {
      dynamodb.middlewareStack.remove(name);
    }
    return queries;
  };

  /** The most items one key would hold of a million pending, spread by the shard function over random ids. */
  const perShard = new Array<number>(SCHEDULE_SHARDS).fill(0);
  for (let i = 0; i < 1_000_000; i++) perShard[scheduleShard(randomBytes(12).toString('base64url'))]! += 1;
  const largest = Math.max(...perShard);

  const walkAll = async () => {
    let after: Record<string, unknown> | undefined;
    do after = (await integrationsToSync(25, after)).next;
    while (after);
  };
  const jobs = [
    { job: 'expireInvites', key: `GSI3 ${schedulePartitions.inviteExpiry(7)}`, read: () => expiredInvites(runAt) },
    { job: 'sendPlannedMessages', key: schedulePartitions.plannedMessages(7), read: () => dueMessages(runAt) },
    { job: 'deliverIntegrationResults', key: schedulePartitions.integrationResults(7), read: () => dueResults(runAt) },
    { job: 'syncIntegrations', key: `GSI2 ${schedulePartitions.integrationsToSync(7)}`, read: walkAll },
  ];
  const rows: string[][] = [];
  let bounded = true;
  for (const { job, key, read } of jobs) {
    const queries = await queriesOf(read);
    const shards = new Set(queries.map((q) => q.pk)).size;
    const limits = [...new Set(queries.map((q) => q.limit))];
    bounded &&= shards === SCHEDULE_SHARDS && limits.every((limit) => limit !== undefined);
    rows.push([
      job,
      key,
      String(shards),
      String(queries.length),
      limits.join(', '),
      `${largest.toLocaleString('en')} (${((largest / 1e6) * 100).toFixed(1)} %)`,
    ]);
  }
  console.log("\nScheduled jobs: one read of what is due (nothing due), counted on the data layer's client\n");
  printTable(['job', 'partition (shard 7 of each)', 'shards read', 'Queries', 'Limit', 'largest key of 1,000,000 pending'], rows);

  // 1,000 due planned messages of candidates who are gone, spread over the shards by their ids, then one run of the job.
  const db = await tableClient(env);
  const due = Array.from({ length: 1_000 }, (_, i) => {
    const candidateId = `gone${randomBytes(9).toString('base64url')}`;
    const dueAt = new Date(Date.parse('2000-01-01T00:00:00.000Z') + i).toISOString();
    return {
      ...keys.plannedMessage(dueAt, candidateId, 'standard-reminder'),
      type: 'plannedMessage',
      dueAt,
      candidateId,
      templateId: 'standard-reminder',
    };
  });
  await putAll(env, due, SEED_IN_FLIGHT);
  const oneRead = await queriesOf(() => dueMessages(runAt));
  const started = performance.now();
  const res = await fetch(`${url}/_local/schedules/sendPlannedMessages?time=${encodeURIComponent(runAt.toISOString())}`, { method: 'POST' });
  if (!res.ok) throw new Error(`sendPlannedMessages: ${res.status} ${await res.text()}`);
  const runSeconds = (performance.now() - started) / 1000;
  let left = 0;
  for (let shard = 0; shard < SCHEDULE_SHARDS; shard++) {
    const page = await db.send(
      new QueryCommand({
        TableName: env.TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND SK < :now',
        ExpressionAttributeValues: { ':pk': schedulePartitions.plannedMessages(shard), ':now': runAt.toISOString() },
        Select: 'COUNT',
      }),
    );
    left += page.Count ?? 0;
  }
  const perKey = new Map<string, number>();
  for (const item of due) perKey.set(item.PK, (perKey.get(item.PK) ?? 0) + 1);
  const fullest = Math.max(...perKey.values());
  console.log(
    `\n1,000 due planned messages in ${perKey.size} shards (the fullest ${fullest}): one read took 100 in ${oneRead.length} Queries; ` +
      `one run of sendPlannedMessages took them all in ${runSeconds.toFixed(1)} s, ${left} left\n`,
  );
  return { largest, bounded, shards: SCHEDULE_SHARDS, pageLimits: rows.map((row) => `${row[0]} ${row[4]}`).join(', ') };
};

/** This section's figures (the local stack's context: the API, its URL and its environment). */
export const jobsFigures = async (ctx: StackContext) => {
  const { goal } = await import('./support');
  const exported = await exportFigure(ctx);
  goal({
    figure: `CSV export of ${CANDIDATES.toLocaleString('en')} candidates`,
    value: `${exported.queries} Query + ${exported.batchGets} BatchGet, ${
      exported.failure === null ? `${(exported.ms / 1000).toFixed(2)} s` : `${exported.failure} after ${(exported.ms / 1000).toFixed(1)} s`
    }`,
    goal: `≤ ${CANDIDATES / 100} queries (pages, not one per candidate), ≤ ¼ of its ${exported.timeout} s timeout`,
    met: exported.failure === null && exported.queries + exported.batchGets <= CANDIDATES / 100 && exported.ms <= (exported.timeout * 1000) / 4,
  });
  const schedules = await scheduleFigure(ctx);
  goal({
    figure: 'Scheduled jobs: largest key of 1,000,000 pending',
    value: `${schedules.largest.toLocaleString('en')} (${schedules.shards} shards; Limit: ${schedules.pageLimits})`,
    goal: 'every job reads all its shards in pages with a Limit; no key holds more than 1/10 of the pending',
    met: schedules.bounded && schedules.largest <= 100_000,
  });
};
