import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { API_PREFIX, operationPath, operations, type OperationId, type PathParamValue } from '../../lambdas/operations/index';
import { IDEMPOTENCY_HEADER } from '../../lambdas/contracts/vocabulary';
import { keys } from '../../lambdas/data/keys';
import { addCredits, goal, printTable, signUp, tableClient, type StackContext } from './support';

/**
 * Issue 37's load section: 200 candidates answering at once (their uploads, submissions and the
 * local pipeline's transcodes load the machine), and meanwhile 1,000 simultaneous invites across 10
 * companies with known credits, each with an Idempotency-Key. Printed: p50/p95 latency, the status
 * counts, and whether every company's credits, its position's count and the candidate items agree
 * with the 201s; then every invite is sent again with its key, which must change nothing.
 */
const COMPANIES = 10;
const INVITES_PER_COMPANY = 100;
const ANSWERS = 200;

interface Timed {
  status: number;
  ms: number;
  body: Record<string, any>;
}

/** Requests sent again with their key, as the SPA's client does (web/src/api/client.ts): what a lost answer cost. */
let retried = 0;

const sendOnce = async (
  url: string,
  operationId: OperationId,
  options: { params?: Record<string, PathParamValue>; body?: unknown; session?: string; key?: string },
): Promise<Omit<Timed, 'ms'>> => {
  try {
    const res = await fetch(`${url}${API_PREFIX}${operationPath(operationId, options.params)}`, {
      method: operations[operationId].method,
      headers: {
        'content-type': 'application/json',
        ...(options.session ? { 'x-session-id': options.session } : {}),
        ...(options.key ? { [IDEMPOTENCY_HEADER]: options.key } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(300_000),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, any> };
  } catch {
    // No answer at all (a reset connection): counted as status 0.
    return { status: 0, body: {} };
  }
};

/**
 * One call as the browser makes it: a creating call with its Idempotency-Key is sent again, with the
 * same key, when no answer came or the server ran out of time or was still running it (twice, as the
 * SPA's client); the latency is the whole of it.
 */
const send = async (
  url: string,
  operationId: OperationId,
  options: { params?: Record<string, PathParamValue>; body?: unknown; session?: string; key?: string } = {},
): Promise<Timed> => {
  const startedAt = performance.now();
  for (let attempt = 0; ; attempt++) {
    const answer = await sendOnce(url, operationId, options);
    const retriable = [0, 502, 503, 504].includes(answer.status) || answer.body.code === 'idempotency_in_progress';
    if (!options.key || !retriable || attempt >= 2) return { ...answer, ms: performance.now() - startedAt };
    retried += 1;
    await new Promise((resolve) => setTimeout(resolve, attempt === 0 ? 500 : 1500));
  }
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
};
const statusCounts = (results: Timed[]) => {
  const counts = new Map<number, number>();
  for (const r of results) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
};
const fiveXx = (results: Timed[]) => results.filter((r) => r.status === 0 || r.status >= 500).length;
const latency = (results: Timed[]) =>
  `p50 ${(
    percentile(
      results.map((r) => r.ms),
      0.5,
    ) / 1000
  ).toFixed(2)} s, p95 ${(
    percentile(
      results.map((r) => r.ms),
      0.95,
    ) / 1000
  ).toFixed(2)} s`;

const interview = (title: string) => ({
  intro: null,
  outro: null,
  questions: [{ title, content: '', thumbnail_image_group_id: null, video_group_id: null }],
  pacing: { thinking_time: 30, answer_time: 120, retakes: 0 },
});

/** The position's candidate items (GSI1), the company's spent credits and the position's invited count. */
const tally = async (ctx: StackContext, company: { session: string; companyId: string }, positionId: string) => {
  const db = await tableClient(ctx.env);
  const { Count } = await db.send(
    new QueryCommand({
      TableName: ctx.env.TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.candidateByPosition(positionId, '', '').GSI1PK },
      Select: 'COUNT',
    }),
  );
  db.destroy();
  const plan = await ctx.api('getPlanStatus', { params: { companyId: company.companyId }, session: company.session });
  const position = await ctx.api('getPosition', { params: { positionId }, session: company.session });
  return { items: Count ?? 0, credits: plan.candidate_packs_status.invited as number, position: position.candidates.invited as number };
};

/** 200 candidates, invited in one batch, each answering its one question at the same moment. */
const answerLoad = async (ctx: StackContext) => {
  const { makeClip } = await import('../support/media');
  const clip = await makeClip(2, 'thank you for the question');
  await addCredits(ctx.env, ctx.companyId, ANSWERS);
  const { position_id: positionId } = await ctx.api('createPosition', {
    params: { companyId: ctx.companyId },
    body: { job_title: 'Bench load answers', interview: interview('Under load') },
    session: ctx.session,
  });
  const invited = await ctx.api('inviteCandidatesBatch', {
    params: { positionId },
    body: { new_candidates: Array.from({ length: ANSWERS }, (_, i) => ({ candidate_name: `Load ${i}`, email: null })) },
    session: ctx.session,
  });
  const tokens = (invited.candidates as { interview_href: string }[]).map((c) => /#\/interview\/([A-Za-z0-9_-]+)$/.exec(c.interview_href)![1]!);
  const answer = async (token: string): Promise<Timed> => {
    const startedAt = performance.now();
    const fail = (step: Timed) => ({ ...step, ms: performance.now() - startedAt });
    const started = await send(ctx.url, 'startAnswer', { params: { token }, body: { question_index: 0, content_type: 'video/webm' } });
    if (started.status !== 201) return fail(started);
    const answerId = started.body.answer_id as string;
    const urls = await send(ctx.url, 'getAnswerPartUrls', { params: { token, answerId }, body: { part_numbers: [1] } });
    if (urls.status !== 200) return fail(urls);
    const put = await fetch(urls.body.parts[0].upload_url as string, { method: 'PUT', body: clip.bytes }).catch(() => null);
    if (!put || put.status !== 200) return { status: put?.status ?? 0, ms: performance.now() - startedAt, body: {} };
    const submitted = await send(ctx.url, 'submitAnswer', {
      params: { token, answerId },
      body: { parts: [{ part_number: 1, etag: put.headers.get('etag') }] },
    });
    return fail(submitted);
  };
  const startedAt = performance.now();
  const results = await Promise.all(tokens.map(answer));
  return {
    results,
    submittedMs: performance.now() - startedAt,
    positionId,
    candidateIds: (invited.candidates as { candidate_id: string }[]).map((c) => c.candidate_id),
  };
};

/** 10 companies, each with known credits and one position, 100 invites each, all at once. */
const inviteLoad = async (ctx: StackContext) => {
  const companies = await Promise.all(
    Array.from({ length: COMPANIES }, async (_, i) => {
      const company = await signUp(ctx.url, ctx.api, `Load company ${i}`);
      // Sign-up gives 3 credits; company i has 3 + 10·i in all, so each runs out partway through its 100.
      await addCredits(ctx.env, company.companyId, 10 * i);
      const { position_id: positionId } = await ctx.api('createPosition', {
        params: { companyId: company.companyId },
        body: { job_title: `Load position ${i}`, interview: interview('Why us?') },
        session: company.session,
      });
      return { ...company, positionId: positionId as string, credits: 3 + 10 * i };
    }),
  );
  const requests = companies.flatMap((company) =>
    Array.from({ length: INVITES_PER_COMPANY }, (_, i) => ({ company, name: `Invitee ${i}`, key: randomUUID() })),
  );
  const burst = () =>
    Promise.all(
      requests.map((r) =>
        send(ctx.url, 'inviteCandidate', {
          params: { positionId: r.company.positionId },
          body: { candidate_name: r.name, email: null },
          session: r.company.session,
          key: r.key,
        }),
      ),
    );
  const first = await burst();
  const agrees = async () => {
    const rows = await Promise.all(
      companies.map(async (company) => {
        const created = first.filter((r, i) => requests[i]!.company === company && r.status === 201).length;
        const counts = await tally(ctx, company, company.positionId);
        return { created, expected: Math.min(company.credits, INVITES_PER_COMPANY), ...counts };
      }),
    );
    return {
      rows,
      ok: rows.every((r) => r.created === r.expected && r.items === r.created && r.credits === r.created && r.position === r.created),
    };
  };
  const afterFirst = await agrees();
  const again = await burst();
  const afterRepeat = await agrees();
  const sameAnswers = again.every(
    (r, i) => r.status === first[i]!.status && (r.status !== 201 || r.body.candidate_id === first[i]!.body.candidate_id),
  );
  return { first, again, afterFirst, afterRepeat, sameAnswers };
};

export const loadFigures = async (ctx: StackContext) => {
  console.log(
    `\nLoad: ${ANSWERS} simultaneous answers, and meanwhile ${COMPANIES * INVITES_PER_COMPANY} simultaneous invites across ${COMPANIES} companies\n`,
  );
  const answering = answerLoad(ctx);
  // The invites go out while the answers upload and the pipeline transcodes them.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const invites = await inviteLoad(ctx);
  const answers = await answering;
  const pipelineStartedAt = performance.now();
  await ctx.pipelineIdle();
  const readyStates = await Promise.all(
    answers.candidateIds.map(async (candidateId) => {
      const candidate = await ctx.api('getCandidate', { params: { candidateId }, session: ctx.session });
      return (candidate.answers?.[0]?.video?.upload_status as string | undefined) ?? 'none';
    }),
  );
  const ready = readyStates.filter((s) => s === 'ready' || s === 'completed').length;

  printTable(
    ['requests', 'statuses', 'latency', '5xx or no answer'],
    [
      [`${ANSWERS} answers (start, upload, submit)`, statusCounts(answers.results), latency(answers.results), String(fiveXx(answers.results))],
      [`${invites.first.length} invites`, statusCounts(invites.first), latency(invites.first), String(fiveXx(invites.first))],
      [`${invites.again.length} invites again, same keys`, statusCounts(invites.again), latency(invites.again), String(fiveXx(invites.again))],
    ],
  );
  console.log('\nPer company: credits, 201s, candidate items, credits spent, position count (first burst → after the repeat)');
  printTable(
    ['company', 'credits', '201', 'items', 'spent', 'position'],
    invites.afterFirst.rows.map((r, i) => {
      const after = invites.afterRepeat.rows[i]!;
      return [
        String(i),
        String(r.expected),
        String(r.created),
        `${r.items} → ${after.items}`,
        `${r.credits} → ${after.credits}`,
        `${r.position} → ${after.position}`,
      ];
    }),
  );
  console.log(`\nCreating calls sent again with their key after no answer, a 5xx or 'in progress': ${retried}`);
  console.log(
    `\nAnswers: ${ready} of ${ANSWERS} ready, the pipeline idle ${((performance.now() - pipelineStartedAt) / 1000).toFixed(1)} s after the last submission\n`,
  );
  goal({
    figure: `${COMPANIES * INVITES_PER_COMPANY} simultaneous invites under load`,
    value: `${statusCounts(invites.first)}; counts ${invites.afterFirst.ok ? 'agree' : 'DISAGREE'}; ${latency(invites.first)}`,
    goal: 'as many 201 as credits, the rest 402, no 5xx; credits, position counts and items agree',
    met: fiveXx(invites.first) === 0 && invites.afterFirst.ok,
  });
  goal({
    figure: 'The same invites repeated with their Idempotency-Keys',
    value: `${invites.sameAnswers ? 'same answers' : 'DIFFERENT answers'}; counts ${invites.afterRepeat.ok ? 'unchanged' : 'CHANGED'}`,
    goal: 'the first answers again, nothing done twice',
    met: invites.sameAnswers && invites.afterRepeat.ok,
  });
  goal({
    figure: `${ANSWERS} simultaneous answers`,
    value: `${statusCounts(answers.results)}; ${latency(answers.results)}; ${ready} ready`,
    goal: 'every answer submitted (no 5xx) and processed',
    met: fiveXx(answers.results) === 0 && ready === ANSWERS,
  });
};
