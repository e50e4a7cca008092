import { addCredits, goal, median, tableClient, type StackContext } from './support';

/**
 * Issue 41's figures: with summaries on for the bench's company, one candidate answers three
 * questions with spoken clips (flite, transcribed by the local recognizer) through the API, and the
 * local media pipeline runs each to its end, summary included (the Bedrock Runtime stand-in answers:
 * extractive, lib/local/bedrock). Then:
 * - the time the summary adds after the transcript: the Summarise state's duration, i.e. the
 *   summariseAnswer task's invocations (the answer's Converse call, its citation check and store,
 *   and the candidate's overview redone), as the local Lambda runtime timed them;
 * - tokens per minute of answer: the company's usage item for the month (input + output, the
 *   overview's included) over the answers' minutes. The stand-in counts words × 1.3, so this is the
 *   prompt's size in rough tokens: a deployed model's tokenizer and its own wording differ.
 */
const ANSWERS = [
  {
    seconds: 20,
    text: 'thank you for the question. in my last role i led a small team that built the payment system. we shipped it in six months.',
  },
  {
    seconds: 40,
    text:
      'my favourite project was a weather station for the school garden. we measured rain and wind every ten minutes. ' +
      'the children used the data in their science lessons. i wrote the software and trained two volunteers to run it.',
  },
  {
    seconds: 60,
    text:
      'when two teams disagreed about a release date i asked each to write down what they needed. ' +
      'we found that the testing work could start earlier. the release went out one week later than planned but without any incidents. ' +
      'since then we plan releases together every month and the number of late changes has dropped by half.',
  },
];

/** The monthly budget the deployed stack gives each company by default (lambdas/contracts/summaries.ts). */
const loadBudget = async () => (await import('../../lambdas/contracts/summaries')).DEFAULT_SUMMARY_MONTHLY_TOKEN_BUDGET;

export const summariesFigure = async ({ api, url, env, session, companyId, pipelineIdle }: StackContext) => {
  const { makeClip } = await import('../support/media');
  const { interviewFixture } = await import('../support/interviews');
  const { keys } = await import('../../lambdas/data/keys');
  const { summaryMonth } = await import('../../lambdas/contracts/summaries');
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const run = Math.random().toString(36).slice(2, 8);

  const switched = await api('putSummaries', { params: { companyId }, body: { enabled: true, show_on_share_page: false }, session });
  if (switched.enabled !== true) throw new Error(`Summaries could not be switched on: ${JSON.stringify(switched)}`);
  await addCredits(env, companyId, 1);
  const titles = ANSWERS.map((_, i) => `Bench summaries question ${i + 1} (${run})`);
  const { position_id: positionId } = await api('createPosition', {
    params: { companyId },
    body: { job_title: `Bench summaries ${run}`, interview: interviewFixture({ questions: titles, pacing: { answer_time: 120 } }) },
    session,
  });
  const invited = await api('inviteCandidate', { params: { positionId }, body: { candidate_name: 'Bench Summaries', email: null }, session });
  const token = /#\/interview\/([A-Za-z0-9_-]+)$/.exec(invited.interview_href as string)![1]!;
  const clips = await Promise.all(ANSWERS.map((answer) => makeClip(answer.seconds, answer.text)));

  // Only this section's invocations are timed.
  await fetch(`${url}/_local/dynamodb-calls`, { method: 'DELETE' });
  for (const [questionIndex, clip] of clips.entries()) {
    const started = await api('startAnswer', { params: { token }, body: { question_index: questionIndex, content_type: 'video/webm' } });
    const partSize = Math.max(Number(started.min_part_bytes) || clip.bytes.length, 1);
    const numbers = Array.from({ length: Math.max(1, Math.ceil(clip.bytes.length / partSize)) }, (_, i) => i + 1);
    const urls = await api('getAnswerPartUrls', { params: { token, answerId: started.answer_id }, body: { part_numbers: numbers } });
    const parts: { part_number: number; etag: string }[] = [];
    for (const { part_number, upload_url } of urls.parts as { part_number: number; upload_url: string }[]) {
      const put = await fetch(upload_url, {
        method: 'PUT',
        body: Buffer.from(clip.bytes.subarray((part_number - 1) * partSize, part_number * partSize)),
      });
      parts.push({ part_number, etag: put.headers.get('etag')! });
    }
    await api('submitAnswer', { params: { token, answerId: started.answer_id }, body: { parts } });
  }

  // Every answer processed and summarised (or given up on after 10 minutes), then the pipeline idle (the last overview).
  type WireAnswer = { video?: { upload_status?: string }; summary?: { status: string; points: unknown[] } | null };
  const startedAt = performance.now();
  let answers: WireAnswer[] = [];
  while (performance.now() - startedAt < 10 * 60_000) {
    answers = ((await api('getCandidate', { params: { candidateId: invited.candidate_id }, session })).answers ?? []) as WireAnswer[];
    const settled =
      answers.length === ANSWERS.length &&
      answers.every((a) => a.video?.upload_status === 'failed' || (a.video?.upload_status === 'ready' && a.summary));
    if (settled) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await pipelineIdle();

  const { invocations } = (await (await fetch(`${url}/_local/dynamodb-calls`)).json()) as {
    invocations: { functionId: string; durationMs: number; error?: string }[];
  };
  const summarise = invocations.filter((invocation) => invocation.functionId === 'summariseAnswer');
  const finalize = invocations.filter((invocation) => /^finali[sz]e/i.test(invocation.functionId));
  const usage = (
    await (await tableClient(env)).send(new GetCommand({ TableName: env.TABLE_NAME, Key: keys.summaryUsage(companyId, summaryMonth(new Date())) }))
  ).Item as { inputTokens?: number; outputTokens?: number } | undefined;
  const { requests } = (await (await fetch(`${env.AWS_ENDPOINT_URL_BEDROCK_RUNTIME}/_local/requests`)).json()) as {
    requests: { toolConfig?: { toolChoice?: { tool?: { name?: string } } } }[];
  };
  const ours = requests.filter((request) => JSON.stringify(request).includes(run));
  const calls = (tool: string) => ours.filter((request) => request.toolConfig?.toolChoice?.tool?.name === tool).length;

  const minutes = ANSWERS.reduce((sum, answer) => sum + answer.seconds, 0) / 60;
  const inputTokens = usage?.inputTokens ?? 0;
  const outputTokens = usage?.outputTokens ?? 0;
  const perMinute = (inputTokens + outputTokens) / minutes;
  const budget = await loadBudget();
  const statuses = answers.map((answer) => answer.summary?.status ?? `none (${answer.video?.upload_status ?? 'no answer'})`);
  const durations = summarise.map((invocation) => invocation.durationMs);
  const medianMs = durations.length > 0 ? median(durations) : NaN;
  const maxMs = durations.length > 0 ? Math.max(...durations) : NaN;

  console.log(
    `\nSummaries (issue 41), ${ANSWERS.length} spoken answers (${ANSWERS.map((a) => `${a.seconds} s`).join(', ')}) through the local pipeline, the Bedrock stand-in answering:` +
      `\n  summaries: ${statuses.join(', ')}; Converse calls: ${calls('record_summary')} record_summary, ${calls('record_overview')} record_overview` +
      `\n  Summarise state (summariseAnswer invocations, ${durations.length}): median ${medianMs.toFixed(0)} ms, max ${maxMs.toFixed(0)} ms${summarise.some((i) => i.error) ? ' (some failed)' : ''}` +
      (finalize.length > 0 ? `; Finalize before it: median ${median(finalize.map((i) => i.durationMs)).toFixed(0)} ms` : '') +
      `\n  tokens: ${inputTokens} in, ${outputTokens} out over ${minutes.toFixed(1)} answer-minutes = ${perMinute.toFixed(0)} a minute of answer` +
      ` (the stand-in's count, words × 1.3); the default budget of ${budget.toLocaleString('en')} a month covers ${Math.floor(budget / perMinute).toLocaleString('en')} answer-minutes\n`,
  );
  goal({
    figure: 'Time the summary adds after the transcript (local, Summarise state)',
    value: `median ${medianMs.toFixed(0)} ms, max ${maxMs.toFixed(0)} ms over ${durations.length} answers (${statuses.join(', ')})`,
    goal: 'every answer summarised (ready); the state within 5 s locally (the extractive stand-in; a model adds its own seconds)',
    met: statuses.length === ANSWERS.length && statuses.every((status) => status === 'ready') && maxMs <= 5000,
  });
  goal({
    figure: 'Summary tokens per minute of answer (stand-in count)',
    value: `${perMinute.toFixed(0)} tokens/min (${inputTokens} in, ${outputTokens} out over ${minutes.toFixed(1)} min); budget covers ${Math.floor(budget / perMinute).toLocaleString('en')} answer-minutes a month`,
    goal: `the default monthly budget (${budget.toLocaleString('en')}) covers at least 1,000 answer-minutes (≤ ${Math.floor(budget / 1000)} tokens a minute)`,
    met: perMinute > 0 && perMinute <= budget / 1000,
  });
};
