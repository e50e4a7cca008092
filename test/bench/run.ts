/**
 * `npm run bench`: figures, not assertions.
 *   1. per Lambda handler: minified bundle size (raw and gzipped) and cold import time relative to
 *      an empty handler bundled and imported the same way in the same run (median of several
 *      fresh Node processes);
 *   2. `cdk synth` seconds (every function bundled);
 *   3. the SPA's JavaScript per route, gzipped: what the first page load needs, and what each
 *      lazily loaded route adds;
 *   4. DynamoDB calls per request for every route (test/bench/calls.ts);
 *   5. the candidates list page and search at 100 and 10,000 candidates;
 *   6. the CSV export at 10,000 candidates and the scheduled jobs' shards;
 *   7. the answer package built off the request path (20 answers of 5 minutes);
 *   8. the local media pipeline's time for a 60-second answer, and for a 5-minute 720p one (BENCH_SKIP_LONG_ANSWER=1 skips that);
 *   9. transcript search ("Find in answers") at 100 and 10,000 answers (test/bench/answer-search.ts);
 *  10. the retention job at 10,000 due candidates (test/bench/retention.ts);
 *  11. load (issue 37): 200 simultaneous answers and, meanwhile, 1,000 simultaneous invites across 10
 *      companies with Idempotency-Keys, then repeated (test/bench/load.ts);
 *  12. an API key's overhead per request against a session's (issue 38, test/bench/api-keys.ts);
 *  13. webhook fan-out (issue 38): 1,000 events to 3 endpoints through EventBridge, SQS and the delivery function (test/bench/webhooks.ts);
 *  14. answer types (issue 39): the list page and the candidate page at 10,000 candidates with mixed answer types (test/bench/answer-types.ts);
 *  15. reports (issue 40): a 365-day report over 100,000 candidates against one over 100 (Queries and time), and the stream's lag (test/bench/reports.ts);
 *  16. summaries (issue 41): spoken answers summarised through the local pipeline and the Bedrock stand-in: the time the Summarise state adds after the transcript, and tokens per minute of answer (test/bench/summaries.ts);
 *  17. single sign-on (issue 42): whole OIDC and SAML sign-ins through the local providers, and the product's own part of them (test/bench/sso.ts);
 * then every figure beside its goal.
 *
 * BENCH_SECTIONS runs some of them (a comma-separated list of lambdas, synth, spa, calls, list-page, jobs,
 * answer-package, pipeline, answer-search, retention, load, api-keys, webhooks, answer-types, reports, summaries, sso; all by default), for instance `BENCH_SECTIONS=calls npm run bench`.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { answerPackageFigure } from './answer-package';
import { apiKeyFigure } from './api-keys';
import { answerSearchFigure } from './answer-search';
import { callsFigure } from './calls';
import { jobsFigures } from './jobs';
import { lambdaTable } from './lambdas';
import { listPageFigure } from './list-page';
import { loadFigures } from './load';
import { liveAnswerFigure, longAnswerFigure, pipelineFigure } from './pipeline';
import { retentionFigure } from './retention';
import { spaTable } from './spa';
import { synthFigure } from './synth';
import { webhookFigure } from './webhooks';
import { answerTypesFigure } from './answer-types';
import { reportsFigure } from './reports';
import { summariesFigure } from './summaries';
import { ssoFigure } from './sso';
import { goal, printGoals, withLocalStack } from './support';

const SECTIONS = [
  'lambdas',
  'synth',
  'spa',
  'calls',
  'list-page',
  'jobs',
  'answer-package',
  'pipeline',
  'answer-search',
  'retention',
  'load',
  'api-keys',
  'webhooks',
  'answer-types',
  'reports',
  'summaries',
  'sso',
] as const;
type Section = (typeof SECTIONS)[number];
const chosen = (process.env.BENCH_SECTIONS ?? SECTIONS.join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = chosen.filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`BENCH_SECTIONS names no section ${unknown.join(', ')}: choose from ${SECTIONS.join(', ')}.`);
  process.exit(1);
}
const runs = (section: Section) =>
  chosen.includes(section) &&
  // 20 answers of 5 minutes make a 2 GB zip (minutes, and 4 GB of temporary files): BENCH_SKIP_PACKAGE=1 skips it,
  // BENCH_PACKAGE_ANSWER_SECONDS makes the answers shorter.
  !(section === 'answer-package' && process.env.BENCH_SKIP_PACKAGE === '1') &&
  !(section === 'pipeline' && process.env.BENCH_SKIP_PIPELINE === '1');

const outDir = mkdtempSync(path.join(tmpdir(), 'bench-'));

try {
  mkdirSync(outDir, { recursive: true });
  if (runs('lambdas')) await lambdaTable(outDir);
  if (runs('synth')) synthFigure();
  if (runs('spa')) spaTable();
  const onStack = SECTIONS.slice(3).filter(runs);
  if (onStack.length > 0) {
    await withLocalStack(async (ctx) => {
      if (runs('calls')) await callsFigure(ctx);
      if (runs('api-keys')) await apiKeyFigure(ctx);
      if (runs('list-page')) await listPageFigure(ctx);
      if (runs('jobs')) await jobsFigures(ctx);
      if (runs('answer-package')) await answerPackageFigure(ctx);
      if (runs('pipeline')) {
        await pipelineFigure(ctx);
        if (process.env.BENCH_SKIP_LONG_ANSWER !== '1') await longAnswerFigure(ctx);
        await liveAnswerFigure(ctx);
      }
      if (runs('answer-search')) await answerSearchFigure(ctx);
      if (runs('retention')) {
        const retention = await retentionFigure(ctx);
        goal({
          figure: 'Retention job at 10,000 due candidates',
          value: `${retention.deleted.toLocaleString('en')} deleted in ${retention.runs} runs, ${retention.pages} pages, ${retention.callsPerPage.toFixed(0)} DynamoDB calls a page, ${(retention.ms / 1000).toFixed(1)} s`,
          goal: 'every due candidate deleted in bounded pages (one Query a page), a run within its 600 s timeout',
          met: retention.deleted >= 10_000 && retention.ms / retention.runs < 600_000,
        });
      }
      if (runs('load')) await loadFigures(ctx);
      if (runs('webhooks')) await webhookFigure(ctx);
      if (runs('answer-types')) await answerTypesFigure(ctx);
      if (runs('reports')) await reportsFigure(ctx);
      if (runs('summaries')) await summariesFigure(ctx);
      if (runs('sso')) await ssoFigure(ctx);
    });
  }
  printGoals();
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
