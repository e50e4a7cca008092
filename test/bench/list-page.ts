import { goal, median, printTable, putAll, tableClient, type StackContext } from './support';
import { interviewFixture } from '../support/interviews';

/** Search at 10,000 candidates against search at 100: the bound on the ratio. */
const SEARCH_RATIO_GOAL = 1.5;

/**
 * The candidates list at 100 and at 10,000 candidates: the same page (12 cards, one Query) should
 * cost the same, and so should a search (one Query of the position's search items and one
 * BatchGetItem of the candidates found). Candidates are written straight into DynamoDB Local with
 * the product's own keys and search tokens. The calls a search page makes are counted on the
 * product's own DynamoDB client, with the search run in this process against the same table.
 */
export const listPageFigure = async ({ api, env, session, companyId }: StackContext) => {
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { keys } = await import('../../lambdas/data/keys');
  const { putSearchTokenSteps, tokensOf } = await import('../../lambdas/data/candidates/search');
  const db = await tableClient(env);
  const interview = interviewFixture({ questions: ['Q'], pacing: { thinking_time: 30, answer_time: 60, retakes: 0 } });
  /** Each position's candidates have ids of their own (the profile's key is the id alone). */
  const benchCandidateId = (count: number, i: number) => `bench${count}-${String(i).padStart(8, '0')}`;
  const seed = async (count: number) => {
    const { position_id: positionId } = await api('createPosition', {
      params: { companyId },
      body: { job_title: `Bench ${count}`, interview },
      session,
    });
    const base = Date.parse('2026-01-01T00:00:00Z');
    const items = Array.from({ length: count }, (_, i) => {
      const candidateId = benchCandidateId(count, i);
      const createdAt = new Date(base + i * 1000).toISOString();
      const person = { candidateId, positionId, candidateName: `Candidate ${i}`, email: `candidate${i}@example.com`, preview: false };
      const tokens = tokensOf(person);
      // The search items as an invite writes them (the same step builder, its Put items).
      const searchItems = putSearchTokenSteps(person, tokens, env.TABLE_NAME).map((step) => step.item.Put!.Item!);
      return [
        {
          ...keys.candidate(candidateId),
          ...keys.candidateByPosition(positionId, createdAt, candidateId),
          ...keys.candidateByStatus(positionId, 'invited', createdAt, candidateId),
          type: 'candidate',
          ...person,
          searchTokens: tokens,
          currentStatus: 'invited',
          createdAt,
          expiresAt: null,
          completedAt: null,
          interviewToken: `token${candidateId}`.padEnd(43, 'x'),
          jobTitle: `Bench ${count}`,
          interview: { intro: null, questions: [{ title: 'Q', content: '' }], outro: null, pacing: { thinkingTime: 30, answerTime: 60, retakes: 0 } },
          answeredCount: 0,
          attempts: {},
          answers: {},
        },
        ...searchItems,
      ];
    });
    const all = items.flat();
    // A few batches in flight: 10,000 candidates are some 50,000 items with their search items.
    await putAll(env, all);
    await db.send(
      new UpdateCommand({
        TableName: env.TABLE_NAME,
        Key: keys.position(positionId),
        UpdateExpression: 'SET candidates.invited = :n',
        ExpressionAttributeValues: { ':n': count },
      }),
    );
    return positionId as string;
  };
  /** The candidates list of a position with this query (after one untimed call: the function's cold start is the lambdas section's figure). */
  const time = async (positionId: string, query: Record<string, string>) => {
    const times: number[] = [];
    for (let i = -1; i < 15; i++) {
      const started = performance.now();
      const body = await api('listCandidates', { params: { positionId }, query, session });
      if (i >= 0) times.push(performance.now() - started);
      if (!Array.isArray(body.candidates)) throw new Error(`listCandidates ${JSON.stringify(query)}: ${JSON.stringify(body)}`);
    }
    return median(times);
  };

  // The product's search, run here on the product's client (the stack put its environment in
  // process.env), with every DynamoDB call it makes counted by operation.
  const { dynamodb } = await import('../../lambdas/data/client');
  const { searchCandidates } = await import('../../lambdas/data/candidates/lists');
  const calls: string[] = [];
  dynamodb.middlewareStack.add(
    (next, context) => async (args) => {
      calls.push(String(context.commandName).replace(/Command$/, ''));
      return next(args);
    },
    { step: 'initialize', name: 'benchCallCounter' },
  );
  const callsOfSearch = async (positionId: string, text: string) => {
    calls.length = 0;
    const page = await searchCandidates(positionId, text, { pageSize: 12 });
    if (page.candidates.length !== 1) throw new Error(`search ${text}: ${page.candidates.length} candidates, expected 1`);
    return { queries: calls.filter((c) => c === 'Query').length, batchGets: calls.filter((c) => c === 'BatchGetItem').length, all: [...calls] };
  };

  console.log('\nCandidates list page (12 cards) over HTTP against DynamoDB Local, median of 15\n');
  const rows: string[][] = [];
  const searches: { count: number; ms: number; calls: Awaited<ReturnType<typeof callsOfSearch>> }[] = [];
  // Both positions first, then the figures: the one measured first would also pay for the stack warming up.
  const positions = [];
  for (const count of [100, 10_000]) positions.push({ count, positionId: await seed(count) });
  for (const { count, positionId } of positions) {
    const first = await time(positionId, { tab: 'invited' });
    const deep = await time(positionId, { tab: 'invited', after: benchCandidateId(count, Math.floor(count / 2)) });
    const text = `candidate${count - 7}@`;
    const search = await time(positionId, { search_text: text });
    const counted = await callsOfSearch(positionId, text);
    searches.push({ count, ms: search, calls: counted });
    rows.push([
      count.toLocaleString('en'),
      `${first.toFixed(1)} ms`,
      `${deep.toFixed(1)} ms`,
      `${search.toFixed(1)} ms`,
      counted.all.join(' + ') || 'none',
    ]);
  }
  printTable(['candidates', 'first page', 'page in the middle', 'search (one address)', 'DynamoDB calls of a search page'], rows);

  const [small, large] = searches as [(typeof searches)[number], (typeof searches)[number]];
  const ratio = large.ms / small.ms;
  goal({
    figure: 'Search at 10,000 ÷ at 100 candidates',
    value: `${ratio.toFixed(2)} (${large.ms.toFixed(1)} / ${small.ms.toFixed(1)} ms)`,
    goal: `≤ ${SEARCH_RATIO_GOAL}`,
    met: ratio <= SEARCH_RATIO_GOAL,
  });
  goal({
    figure: 'Search: Queries per page (100 / 10,000 candidates)',
    value: searches.map((s) => `${s.calls.queries} Query + ${s.calls.batchGets} BatchGetItem`).join(' / '),
    goal: '1 Query (+ ≤ 1 BatchGetItem) at any size',
    met: searches.every((s) => s.calls.queries === 1 && s.calls.batchGets <= 1),
  });
};
