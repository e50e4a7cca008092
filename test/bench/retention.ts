import { countCalls } from './jobs';
import { printTable, putAll, tableClient, type StackContext } from './support';

/**
 * Issue 28, the retention policy's job at 10,000 due candidates: one company's candidates, all
 * last active two years ago (due under the default 6 months), written straight into DynamoDB
 * Local with the product's keys (profile with its GSI5 place, interview token, address, one answer;
 * no media objects). Then the real job's use case in this process, run after run until none is
 * left, its DynamoDB calls counted on the data layer's client: calls per page, pages, runs, time.
 * A figure, not an assertion.
 */
const DUE = 10_000;
const SEED_IN_FLIGHT = 8;

export const retentionFigure = async ({ api, env, session, companyId }: StackContext) => {
  const { keys } = await import('../../lambdas/data/keys');
  const { sha256 } = await import('../../lambdas/platform/crypto');
  const { addMonths } = await import('../../lambdas/domain/retention');
  const { applyRetention, RETENTION_CANDIDATES_PER_RUN, RETENTION_PAGE_SIZE, RETENTION_PAGES_PER_COMPANY } =
    await import('../../lambdas/app/deletion/retention');
  const { createLogger } = await import('../../lambdas/platform/logger');
  const { interviewFixture } = await import('../support/interviews');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const interview = interviewFixture({ questions: ['Q1'] });
  const { position_id: positionId } = await api('createPosition', {
    params: { companyId },
    body: { job_title: 'Retention bench', interview },
    session,
  });
  const now = new Date();
  const lastActive = addMonths(now, -24).getTime();
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < DUE; i++) {
    const candidateId = `retain${String(i).padStart(8, '0')}`;
    const at = new Date(lastActive + i * 1000).toISOString();
    const email = `retain${i}@example.com`;
    const interviewToken = `token${candidateId}`.padEnd(43, 'x');
    items.push(
      {
        ...keys.candidate(candidateId),
        ...keys.candidateByPosition(positionId, at, candidateId),
        ...keys.candidateByStatus(positionId, 'responded', at, candidateId),
        ...keys.candidateDone(positionId, at, candidateId),
        ...keys.candidateRetention(companyId, at, candidateId),
        type: 'candidate',
        candidateId,
        positionId,
        companyId,
        candidateName: `Retained ${i}`,
        email,
        searchTokens: [],
        currentStatus: 'responded',
        createdAt: at,
        expiresAt: null,
        completedAt: at,
        lastActiveAt: at,
        interviewToken,
        preview: false,
        jobTitle: 'Retention bench',
        interview: { intro: null, questions: [{ title: 'Q1', content: '' }], outro: null, pacing: { thinkingTime: 30, answerTime: 60, retakes: 0 } },
        answeredCount: 1,
        attempts: {},
        answers: { q0: { answerId: `${candidateId}a0`, mediaId: `${candidateId}m0` } },
      },
      { ...keys.interviewToken(sha256(interviewToken)), type: 'interviewToken', candidateId },
      { ...keys.candidateEmail(positionId, email), candidateId },
      {
        ...keys.answer(candidateId, 0),
        ...keys.answerById(`${candidateId}a0`),
        type: 'answer',
        answerId: `${candidateId}a0`,
        candidateId,
        positionId,
        companyId,
        questionIndex: 0,
        mediaId: `${candidateId}m0`,
        rating: null,
        createdAt: at,
      },
    );
  }
  const db = await tableClient(env);
  await db.send(
    new UpdateCommand({
      TableName: env.TABLE_NAME,
      Key: keys.position(positionId),
      UpdateExpression: 'SET candidates.responded = :n',
      ExpressionAttributeValues: { ':n': DUE },
    }),
  );
  db.destroy();
  const seedStarted = performance.now();
  await putAll(env, items, SEED_IN_FLIGHT);
  console.log(
    `\nRetention job: seeded ${DUE.toLocaleString('en')} due candidates (${items.length.toLocaleString('en')} items) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const log = createLogger({ job: 'apply-retention-bench' });
  const totals = { runs: 0, pages: 0, deleted: 0, calls: 0, ms: 0 };
  const byCommand: Record<string, number> = {};
  const rows: string[][] = [];
  // One company: a run takes at most its pages' worth (RETENTION_PAGES_PER_COMPANY pages), within the run's bound.
  const perRun = Math.min(RETENTION_CANDIDATES_PER_RUN, RETENTION_PAGES_PER_COMPANY * RETENTION_PAGE_SIZE);
  for (let run = 0; run < Math.ceil(DUE / perRun) + 2 && totals.deleted < DUE; run++) {
    const started = performance.now();
    const { result, calls } = await countCalls(() => applyRetention(now, log));
    const ms = performance.now() - started;
    const all = Object.values(calls).reduce((a, b) => a + b, 0);
    for (const [command, n] of Object.entries(calls)) byCommand[command] = (byCommand[command] ?? 0) + n;
    totals.runs += 1;
    totals.pages += result.pages;
    totals.deleted += result.deleted;
    totals.calls += all;
    totals.ms += ms;
    rows.push([
      `run ${run + 1}`,
      result.deleted.toLocaleString('en'),
      String(result.pages),
      result.pages ? (all / result.pages).toFixed(0) : '-',
      `${(ms / 1000).toFixed(1)} s`,
    ]);
    if (result.deleted === 0) break;
  }
  printTable(
    ['', 'deleted', 'pages', 'DynamoDB calls per page', 'time'],
    [
      ...rows,
      [
        'all',
        totals.deleted.toLocaleString('en'),
        String(totals.pages),
        totals.pages ? (totals.calls / totals.pages).toFixed(0) : '-',
        `${(totals.ms / 1000).toFixed(1)} s (${(totals.ms / Math.max(1, totals.deleted / 1000) / 1000).toFixed(1)} s per 1,000)`,
      ],
    ],
  );
  console.log(
    `Page: ${RETENTION_PAGE_SIZE} candidates (one Query of GSI5); a run takes at most ${RETENTION_CANDIDATES_PER_RUN.toLocaleString('en')}. Calls by command: ${Object.entries(
      byCommand,
    )
      .map(([command, n]) => `${command.replace(/Command$/, '')}×${n}`)
      .join(' ')}`,
  );
  return { ...totals, callsPerPage: totals.pages ? totals.calls / totals.pages : 0 };
};
